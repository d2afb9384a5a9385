// Placeholder: replaced by the User settings screen.
export function UserSettings() {
  return <div>User settings</div>;
}
