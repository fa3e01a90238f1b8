/** Leaves the app for the payment page (Stripe Checkout, or our demonstration page). Swapped in tests: jsdom cannot navigate. */
export const externalRedirect = { go: (url: string) => window.location.assign(url) };
