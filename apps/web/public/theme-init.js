// Applies the remembered colour theme before the first paint (features/layout/theme.ts owns
// the key). An external file because the Content-Security-Policy allows no inline script.
try {
  document.documentElement.setAttribute(
    'data-bs-theme',
    localStorage.getItem('pinpoint.theme') === 'dark' ? 'dark' : 'light',
  );
} catch {
  // No storage: light, Bootstrap's default.
}
