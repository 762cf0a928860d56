// Diagrams: to be written.
