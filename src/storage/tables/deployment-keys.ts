/** Keys shared by every process of one deployment (migration 0029). Not organization data. */
export interface DeploymentKeyTable {
  /** What the key is for, e.g. `dev-jwt-signing-key`. */
  name: string;
  /** The key, sealed with QUIRE_SECRET_KEY (kernel/secret-box.ts) bound to its name. */
  sealed: string;
  created_at: string;
}

export interface DeploymentKeysTables {
  deployment_keys: DeploymentKeyTable;
}
