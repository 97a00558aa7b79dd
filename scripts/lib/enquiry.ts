/** A valid enquiry for the contact form (POST /api/contact), told apart by `id` in its message. */
export const benchEnquiry = (id: string) => ({
  name: "Benchmark Visitor",
  email: "bench@example.com",
  phone: "+91 98765 43210",
  company: "Load Test Pvt Ltd",
  service: "Other",
  message: `Benchmark enquiry ${id}: we would like a quote for a new website and an app.`,
  consent: "yes",
});
