// The references `npm run bench:api` measures the API against, in the same run and on the same machine:
//   http    a bare node:http server answering a small JSON body;
//   select  a node:http server answering one PostgreSQL primary-key select per request (pool of 10, like the API's).
// Prints one JSON line with its port once it listens.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const mode = process.argv[2];
const BODY = JSON.stringify({ success: true, code: '0', msgKey: 'success', obj: true });

async function selectHandler() {
  const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
  await pool.query('create table if not exists bench_reference (id uuid primary key, handle text not null)');
  const id = randomUUID();
  await pool.query('insert into bench_reference (id, handle) values ($1, $2)', [id, 'reference']);
  return async (response) => {
    const result = await pool.query('select id, handle from bench_reference where id = $1', [id]);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ success: true, code: '0', msgKey: 'success', obj: result.rows[0] }));
  };
}

const answer =
  mode === 'select'
    ? await selectHandler()
    : async (response) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(BODY);
      };

const server = http.createServer((_request, response) => {
  answer(response).catch((error) => {
    response.writeHead(500);
    response.end(String(error));
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
