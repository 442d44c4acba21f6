// The DOM matchers (toBeInTheDocument, toHaveTextContent, …) for the web unit tests.
import '@testing-library/jest-dom/vitest';
import { options } from 'preact';

// Preact runs effects after the next frame, with a 100 ms timer beside the frame request; such a
// timer still pending when a file's DOM is torn down called cancelAnimationFrame, gone by then (an
// unhandled error that failed a whole run). Here effects run after a plain timer instead.
options.requestAnimationFrame = (flush) => setTimeout(flush);
