import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from './cdk-nag';
import { PartnerApiStack } from './partner-api-stack';
import { stageFromContext } from './stages';

/**
 * The AWS app: one stack per stage, chosen with `-c stage=sandbox-preview|prod`
 * (`npm run synth -- -c stage=prod`). README's "Deploying to AWS" says how to bootstrap and deploy.
 */
const app = new App();
const { settings, options } = stageFromContext((key) => app.node.tryGetContext(key));
new PartnerApiStack(app, `PartnerApi-${settings.name}`, {
  settings,
  options,
  description: `Partner company-formation API (${settings.name})`,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  tags: { service: 'partner-api', stage: settings.name },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
app.synth();
