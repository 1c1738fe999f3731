import type { CodegenConfig } from '@graphql-codegen/cli';

// Types for the operations in src/ from the composed API (make generate runs this; never edit src/gql/).
const config: CodegenConfig = {
  schema: '../gateway/schema/supergraph.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**/*'],
  ignoreNoDocuments: false,
  generates: {
    'src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { Date: 'string', DateTime: 'string' },
        strictScalars: true,
        avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
      },
    },
  },
};

export default config;
