// Placeholder: replaced by the Admin Panel implementation.
export function AdminPanel() {
  return <div>Admin Panel</div>;
}
