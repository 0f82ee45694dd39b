//! spielleiter: catan-junior.
