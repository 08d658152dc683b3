import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from './cdk-nag';
import { refuseShrink } from './deployed-shards';
import { PartnerApiStack } from './partner-api-stack';
import { stageFromContext } from './stages';

/**
 * The AWS app: one stack per stage, chosen with `-c stage=sandbox-preview|staging|prod`
 * (`npm run synth -- -c stage=prod`). docs/platform.md, "Deploying to AWS", says how to bootstrap and deploy.
 */
const app = new App();
// Every setting of the stage comes from infra/aws/stages.ts: a production stage missing one stops here, naming each.
const settings = stageFromContext((key) => app.node.tryGetContext(key));
// A checkout of an older commit must not shrink the shards the last deploy recorded (infra/aws/deployed/).
refuseShrink(settings);
new PartnerApiStack(app, `PartnerApi-${settings.name}`, {
  settings,
  description: `Partner company-formation API (${settings.name})`,
  // A stage that names its account and region deploys only there (the CDK refuses other credentials).
  env: { account: settings.account ?? process.env.CDK_DEFAULT_ACCOUNT, region: settings.region ?? process.env.CDK_DEFAULT_REGION },
  tags: { service: 'partner-api', stage: settings.name },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
app.synth();
