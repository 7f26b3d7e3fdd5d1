import { describe, expect, it } from 'vitest';
import { auditCsv, csvField } from '../../../src/modules/audit/audit-csv';

describe('the audit CSV', () => {
  it('quotes what would break a row and defuses what a spreadsheet would run as a formula', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('writes a header and one CRLF row per entry, times in ISO 8601 UTC, empty for no JSON', () => {
    const csv = auditCsv([
      {
        id: 7,
        at: new Date(Date.UTC(2031, 0, 2, 3, 4, 5)),
        operatorId: '00000000-0000-0000-0000-000000000001',
        operatorAddress: '0x00000000000000000000000000000000000000Aa',
        action: 'operator:remove',
        target: 'operator:x',
        before: { role: 'viewer' },
        after: null,
      },
    ]);
    expect(csv).toBe(
      'id,at,operator_id,operator_address,action,target,before,after\r\n' +
        '7,2031-01-02T03:04:05.000Z,00000000-0000-0000-0000-000000000001,' +
        '0x00000000000000000000000000000000000000Aa,operator:remove,operator:x,"{""role"":""viewer""}",\r\n',
    );
  });
});
