import assert from 'node:assert/strict';
import path from 'node:path';
import { it } from 'node:test';
import { openHint } from '../../scripts/pipeline/open-hint.ts';

const project = path.resolve('/srv/project');

it('points at npm run preview only for the dist/ it serves, at /', () => {
  assert.match(
    openHint(path.join(project, 'dist'), '/', project),
    /npm run preview` \(then http:\/\/127\.0\.0\.1:4321\/\)$/,
  );
  assert.match(openHint('dist', '/', process.cwd()), /`npm run preview`/);
  for (const [out, base] of [
    [path.join(project, 'site'), '/'],
    [path.join(project, 'dist'), '/snap/'],
  ] as const) {
    const hint = openHint(out, base, project);
    assert.match(hint, /any static web server/);
    assert.ok(hint.includes(`${out} at ${base}`), hint);
  }
});
