//! spielleiter: catan.
