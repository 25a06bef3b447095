// Placeholder until the page is built (issue 16): the honest "not available yet" section.
export { Component } from '../section-unavailable';
