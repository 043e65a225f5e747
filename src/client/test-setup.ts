// Vitest setup: client tests get English translations inline (there is no HTTP server for the
// backend); server and domain tests do not need anything here.
// The toasts' view is loaded on the first toast (components/ui/toast.tsx); a test that ends right
// after one would let that import finish after its environment is gone (an unhandled error that
// fails the run). Browser-like tests load it up front.
if (typeof window !== 'undefined') await import('./components/ui/toast-view');
export {};
