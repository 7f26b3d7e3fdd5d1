/**
 * Where the header shows login or logout (spec point 2). The login issue fills it; until then it holds no button,
 * because a button that does nothing would be a lie.
 */
export function AuthSlot() {
  return <div data-testid="auth-slot" className="flex items-center gap-2" />;
}
