/**
 * The placeholders a review-request template may use, and the one function that fills them
 * (the form's live preview, the template preview route and the sender all call it, so what
 * the client sees is what the customer gets). No zod and no libphonenumber here.
 */
export const TEMPLATE_PLACEHOLDERS = {
  first_name: "The customer's first name",
  last_name: "The customer's last name",
  business: "The company's name",
  review_link: 'The link to leave a review (the same for every customer)',
} as const;
export type TemplatePlaceholder = keyof typeof TEMPLATE_PLACEHOLDERS;
export type TemplateValues = Record<TemplatePlaceholder, string>;

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** `{first_name}` → the value; an unknown name is left as written (saving refuses it). */
export function renderTemplate(body: string, values: TemplateValues): string {
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as TemplatePlaceholder] : whole,
  );
}

/** The `{names}` a body uses that are not placeholders (saving a template refuses them). */
export function unknownPlaceholders(body: string): string[] {
  const unknown = new Set<string>();
  for (const match of body.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!(name in TEMPLATE_PLACEHOLDERS)) unknown.add(name);
  }
  return [...unknown];
}
