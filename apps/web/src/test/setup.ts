import '@testing-library/jest-dom/vitest';
window.scrollTo = () => {};
