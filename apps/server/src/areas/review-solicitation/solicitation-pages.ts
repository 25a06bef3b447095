/**
 * The frame of the public link pages (unsubscribe, an unknown review link): a person with
 * no account opens them from an email, so they are plain HTML with no script.
 * `bodyHtml` is trusted markup built by the caller with every value escaped.
 */
export function linkPage(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Arial,sans-serif;color:#1f2937;background:#f9fafb;margin:0}
main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #e5e7eb;border-radius:12px}
h1{font-size:1.4rem;margin:0 0 1rem}
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:8px;background:#b91c1c;color:#fff;cursor:pointer}
</style></head>
<body><main><h1>${title}</h1>
${bodyHtml}
</main></body></html>`;
}
