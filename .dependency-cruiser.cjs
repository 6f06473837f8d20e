/**
 * `npm run lint`: no module may reach itself through its imports. Type-only and lazy (`import()`)
 * imports count too: a circle of types is still modules that cannot be read, or changed, one
 * without the other.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: move what both sides need into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Parse TypeScript as written, so type-only imports are seen before compilation erases them.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
