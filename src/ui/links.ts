/** Links built from site facts, so every place that needs one builds it the same way. */
export const whatsAppLink = (phoneE164: string, text: string) =>
  `https://wa.me/${phoneE164.replace(/^\+/, "")}?text=${encodeURIComponent(text)}`;

export const telLink = (phoneE164: string) => `tel:${phoneE164}`;

export const mailLink = (email: string) => `mailto:${email}`;
