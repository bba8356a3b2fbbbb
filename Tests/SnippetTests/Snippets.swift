// The Swift snippets of README.md and the DocC articles are compiled in this target: `Scripts/check-snippets.sh`
// writes one file per snippet into `Generated/` (git-ignored), builds the target, then removes them.
// CONTRIBUTING.md ("Snippets in the docs") describes the markers for snippets that need context.

/// Keeps the target from being empty in a clean clone.
enum Snippets {}
