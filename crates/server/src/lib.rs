//! spielleiter: the game server.
