// Lint fixture (scripts/lint-boundaries.test.mjs): linted in a module other than operator and audit, in the operator
// module and in the audit module. The operators' tables belong to the operator module and the audit log to the
// audit module (others call recordAudit): lint/style/noRestrictedImports must refuse each import of the other's.
import { auditLog } from '@ojo/db/schema/audit-log';
import { operators } from '@ojo/db/schema/operators';
import { users } from '@ojo/db/schema/users';

export const uses = [auditLog, operators, users];
