import { build } from 'esbuild';
const entry = process.argv[2];
const r = await build({ entryPoints: [entry], bundle: true, write: false, platform: 'node', format: 'esm', target: 'node24', minify: true, metafile: true, outfile: '/tmp/lay/out.mjs', logLevel: 'silent' });
const inputs = Object.entries(r.metafile.outputs['/tmp/lay/out.mjs'] ? r.metafile.outputs['/tmp/lay/out.mjs'].inputs : Object.values(r.metafile.outputs)[0].inputs);
const byPkg = {};
for (const [p, v] of inputs) { const k = p.startsWith('node_modules') ? p.split('/').slice(0, p.includes('@') ? 3 : 2).join('/') : p; byPkg[k] = (byPkg[k] ?? 0) + v.bytesInOutput; }
console.log(Object.entries(byPkg).sort((a, b) => b[1] - a[1]).filter(([k]) => !k.startsWith('node_modules')).map(([k, v]) => `${(v/1024).toFixed(1)} ${k}`).join('\n'));
