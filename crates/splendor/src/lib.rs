//! spielleiter: splendor.
