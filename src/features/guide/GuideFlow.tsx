/** The guide flow — comes with the onboarding issue. */
export default function GuideFlow() {
  return null;
}
