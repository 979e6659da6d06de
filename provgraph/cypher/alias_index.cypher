// name: alias_index
// description: The keyword full-text index over claims' aliases (rules/alias-claims): a claim named by an earlier
// description: path, a card's URL or any other alias is found by a seek, not by reading every claim.
// mode: write
CREATE FULLTEXT INDEX claim_aliases IF NOT EXISTS
FOR (c:Claim) ON EACH [c.aliases]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'keyword'}}
;
