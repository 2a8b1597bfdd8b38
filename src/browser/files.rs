//! Reading files the person chooses or drops (nothing is uploaded): filled in by the labs that
//! take files.
