import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-bench/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-globals': ['error', { name: 'Math.random', message: 'use the run seeded generator' }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Draw from the run seeded generator (src/model/random.ts).' },
      ],
    },
  },
);
