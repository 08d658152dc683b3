// Files imported as text (`with { type: 'text' }`): esbuild inlines them in AWS bundles, and the
// embedded default's load hook (infra/local/text-imports.ts) reads them. Each is declared here.
declare module 'redoc/bundles/redoc.standalone.js' {
  const text: string;
  export default text;
}
