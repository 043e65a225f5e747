// Vitest setup: client tests get English translations inline (there is no HTTP server for the
// backend); server and domain tests do not need anything here.
// The toasts' view is loaded on the first toast (components/ui/toast.tsx); a test that ends right
// after one would let that import finish after its environment is gone (an unhandled error that
// fails the run). Browser-like tests load it up front.
if (typeof window !== 'undefined') await import('./components/ui/toast-view');
// `findBy…` and `waitFor` give up after this long: they answer as soon as the element is there, so
// a long limit costs a passing test nothing, and a loaded machine (the suite's workers beside
// builds) no longer fails a test whose lazy dialog took more than the default second to appear.
if (typeof window !== 'undefined') (await import('@testing-library/react')).configure({ asyncUtilTimeout: 5000 });
export {};
