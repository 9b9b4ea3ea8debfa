export default function BookingPage() {
  return null;
}
