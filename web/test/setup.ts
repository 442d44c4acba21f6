// The DOM matchers (toBeInTheDocument, toHaveTextContent, …) for the web unit tests.
import '@testing-library/jest-dom/vitest';
