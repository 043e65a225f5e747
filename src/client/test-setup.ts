// Vitest setup: client tests get English translations inline (there is no HTTP server for the
// backend); server and domain tests do not need anything here.
export {};
