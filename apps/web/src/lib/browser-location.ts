/**
 * Leaving the app for another page (a payment provider's checkout) through the browser itself,
 * not the router. One object, so a test can watch the call: jsdom cannot load another page.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
