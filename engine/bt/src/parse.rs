//! Tree files → validated AST. Every problem becomes a Diagnostic with file:line:col; parsing goes
//! on after an error so one `check` run reports as much as possible.

use crate::diag::{did_you_mean, Diagnostic, Mark};
use crate::manifest::{self, NodeKind, NodeSpec, ParamType, ParamValue, Params, Requirement};
use crate::registry::NodeRegistry;
use crate::yaml::{self, Node, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A validated node. Subtrees are already inlined; `path` is the node's id (`root/survive/eat`).
#[derive(Clone, Debug)]
pub struct Ast {
    pub path: String,
    pub file: Arc<Path>,
    pub mark: Mark,
    pub kind: AstKind,
}

#[derive(Clone, Debug)]
pub enum AstKind {
    Composite {
        spec: NodeSpec,
        children: Vec<Ast>,
    },
    /// `children` holds the node parameters given, in manifest order (`child`, or `until` then
    /// `do`); `slots` names the parameter of each.
    Decorator {
        spec: NodeSpec,
        params: Params,
        children: Vec<Ast>,
        slots: Vec<&'static str>,
    },
    Leaf {
        spec: NodeSpec,
        params: Params,
    },
    Lua {
        script: PathBuf,
        function: Option<String>,
    },
}

impl Ast {
    pub fn children(&self) -> &[Ast] {
        match &self.kind {
            AstKind::Composite { children, .. } | AstKind::Decorator { children, .. } => children,
            _ => &[],
        }
    }

    /// Number of nodes in this tree.
    pub fn size(&self) -> usize {
        1 + self.children().iter().map(Ast::size).sum::<usize>()
    }
}

pub struct Loader<'r> {
    registry: &'r NodeRegistry,
    pub trees_dir: PathBuf,
    pub scripts_dir: PathBuf,
    pub diags: Vec<Diagnostic>,
    /// Every tree file read, for the watcher and for reload messages.
    pub files: Vec<PathBuf>,
    /// Files currently being expanded, for cycle detection.
    stack: Vec<PathBuf>,
    cache: HashMap<PathBuf, Option<Node>>,
}

impl<'r> Loader<'r> {
    pub fn new(registry: &'r NodeRegistry, trees_dir: &Path, scripts_dir: &Path) -> Loader<'r> {
        Loader {
            registry,
            trees_dir: trees_dir.to_path_buf(),
            scripts_dir: scripts_dir.to_path_buf(),
            diags: Vec::new(),
            files: Vec::new(),
            stack: Vec::new(),
            cache: HashMap::new(),
        }
    }

    fn error(&mut self, file: &Path, mark: Mark, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(file, mark, msg));
    }

    /// Loads a tree file as the root (path component `root` unless the node is named).
    pub fn load_root(&mut self, file: &Path) -> Option<Ast> {
        let ast = self.load_file(file, "", "root")?;
        self.check_plans(&ast, None, &mut HashMap::new());
        Some(ast)
    }

    /// Phases stand directly in plans, plans hold only phases, and a phase name is used once in
    /// the whole tree (it keys the plan's memory). `parent` is the enclosing node's type.
    fn check_plans<'a>(
        &mut self,
        ast: &'a Ast,
        parent: Option<&str>,
        names: &mut HashMap<&'a str, &'a Ast>,
    ) {
        let type_name = ast_type(ast);
        if parent == Some("plan") && type_name != Some("phase") {
            let msg = format!(
                "a `plan` holds only `phase` nodes, got `{}`",
                type_name.unwrap_or("lua")
            );
            self.error(&ast.file, ast.mark, msg);
        }
        if type_name == Some("phase") {
            if parent != Some("plan") {
                let msg = "a `phase` stands directly in the `phases` of a `plan`";
                self.error(&ast.file, ast.mark, msg);
            }
            let name = ast.path.rsplit('/').next().unwrap_or(&ast.path);
            if let Some(first) = names.get(name) {
                let msg = format!(
                    "phase name `{name}` is already used by the phase at {}:{}:{} (a phase name keys the plan's memory)",
                    first.file.display(),
                    first.mark.line,
                    first.mark.col
                );
                self.error(&ast.file, ast.mark, msg);
            } else {
                names.insert(name, ast);
            }
        }
        for child in ast.children() {
            self.check_plans(child, type_name, names);
        }
    }

    fn read(&mut self, file: &Path) -> Option<Node> {
        if let Some(doc) = self.cache.get(file) {
            return doc.clone();
        }
        self.files.push(file.to_path_buf());
        let doc = match std::fs::read_to_string(file) {
            Err(e) => {
                self.error(file, Mark::new(1, 1), format!("cannot read tree file: {e}"));
                None
            }
            Ok(src) => match yaml::parse(&src) {
                Err((mark, msg)) => {
                    self.error(file, mark, format!("YAML syntax error: {msg}"));
                    None
                }
                Ok(None) => {
                    self.error(
                        file,
                        Mark::new(1, 1),
                        "empty tree file: expected one root node",
                    );
                    None
                }
                Ok(Some(doc)) => Some(doc),
            },
        };
        self.cache.insert(file.to_path_buf(), doc.clone());
        doc
    }

    fn load_file(&mut self, file: &Path, parent: &str, default_name: &str) -> Option<Ast> {
        let doc = self.read(file)?;
        let file_arc: Arc<Path> = Arc::from(file);
        self.stack.push(file.to_path_buf());
        let ast = self.node(&file_arc, &doc, parent, Some(default_name), 0);
        self.stack.pop();
        ast
    }

    fn node(
        &mut self,
        file: &Arc<Path>,
        yaml: &Node,
        parent: &str,
        default_name: Option<&str>,
        index: usize,
    ) -> Option<Ast> {
        let (type_node, body) = match &yaml.value {
            Value::Scalar { .. } => (yaml, None),
            Value::Map(entries) if entries.len() == 1 => (&entries[0].0, Some(&entries[0].1)),
            Value::Map(entries) if entries.len() > 1 => {
                let keys: Vec<&str> = entries.iter().filter_map(|(k, _)| k.as_str()).collect();
                let msg = format!(
                    "a node is a map with exactly one key, its type; found {} keys ({}) — check the indentation",
                    entries.len(),
                    keys.join(", ")
                );
                self.error(file, yaml.mark, msg);
                return None;
            }
            _ => {
                let msg = format!(
                    "expected a node (a type name or a one-key map), got {}",
                    yaml.describe()
                );
                self.error(file, yaml.mark, msg);
                return None;
            }
        };
        let Some(type_name) = type_node.as_str() else {
            self.error(file, type_node.mark, "a node type must be a plain name");
            return None;
        };
        let Some(spec) = self.registry.spec(type_name).copied() else {
            let hint = did_you_mean(type_name, self.registry.node_names());
            self.error(
                file,
                type_node.mark,
                format!("unknown node type `{type_name}`{hint}"),
            );
            return None;
        };
        let mark = type_node.mark;
        let body = body.filter(|b| b.value != Value::Null);
        let (name, args) = self.collect_args(file, spec, mark, body)?;
        let component = match (&name, default_name) {
            (Some(n), _) => n.clone(),
            (None, Some(d)) => d.to_string(),
            (None, None) => format!("{}#{index}", spec.name),
        };
        let path = if parent.is_empty() {
            component
        } else {
            format!("{parent}/{component}")
        };
        if name.is_none() && manifest::NAMED_NODES.contains(&spec.name) {
            let msg = format!(
                "`{}` needs a `name`: its identity in reason chains, in progress kept across reloads and in results",
                spec.name
            );
            self.error(file, mark, msg);
            return None;
        }
        let kind = match spec.kind {
            NodeKind::Composite => {
                let list_param = spec.params.iter().find(|ps| ps.ty == ParamType::Nodes)?;
                let list = args.get(list_param.name).copied()?;
                let Value::Seq(items) = &list.value else {
                    self.error(
                        file,
                        list.mark,
                        format!(
                            "`{}` of `{}` must be a list, got {}",
                            list_param.name,
                            spec.name,
                            list.describe()
                        ),
                    );
                    return None;
                };
                if items.is_empty() {
                    self.error(
                        file,
                        list.mark,
                        format!("`{}` needs at least one child", spec.name),
                    );
                    return None;
                }
                let children = self.child_list(file, items, &path);
                if children.len() != items.len() {
                    return None;
                }
                AstKind::Composite { spec, children }
            }
            NodeKind::Decorator => {
                let params = self.scalar_params(file, spec, &args)?;
                let mut children = Vec::new();
                let mut slots = Vec::new();
                for ps in spec.params.iter().filter(|ps| ps.ty == ParamType::Node) {
                    // A missing required one was reported by collect_args.
                    let Some(child_yaml) = args.get(ps.name).copied() else {
                        continue;
                    };
                    let slot = spec
                        .params
                        .iter()
                        .position(|q| q.name == ps.name)
                        .unwrap_or(0);
                    // A phase's parts read as what they are: root/plan/sokoban/when.
                    let default_name = (spec.name == "phase").then_some(ps.name);
                    children.push(self.node(file, child_yaml, &path, default_name, slot));
                    slots.push(ps.name);
                }
                AstKind::Decorator {
                    spec,
                    params,
                    children: children.into_iter().collect::<Option<Vec<_>>>()?,
                    slots,
                }
            }
            NodeKind::Condition | NodeKind::Action => AstKind::Leaf {
                spec,
                params: self.scalar_params(file, spec, &args)?,
            },
            NodeKind::Reference if spec.name == "subtree" => {
                let target = args.get("file").copied()?;
                let subtree_name = name.clone();
                return self.subtree(file, target, parent, subtree_name.as_deref(), &path);
            }
            NodeKind::Reference => {
                let target = args.get("file").copied()?;
                let script = self.script_path(file, target)?;
                let function = match args.get("function") {
                    Some(f) => Some(self.text(file, &spec, "function", f)?),
                    None => None,
                };
                AstKind::Lua { script, function }
            }
        };
        Some(Ast {
            path,
            file: file.clone(),
            mark,
            kind,
        })
    }

    fn child_list(&mut self, file: &Arc<Path>, items: &[Node], path: &str) -> Vec<Ast> {
        let mut children: Vec<Ast> = Vec::new();
        for (i, item) in items.iter().enumerate() {
            if let Some(child) = self.node(file, item, path, None, i) {
                if children.iter().any(|c| c.path == child.path) {
                    let msg = format!(
                        "duplicate node name: `{}` is already used by a sibling",
                        child.path
                    );
                    self.error(file, child.mark, msg);
                    continue;
                }
                children.push(child);
            }
        }
        children
    }

    /// Splits a node body into its `name` and raw parameter values, checking names and presence.
    fn collect_args<'y>(
        &mut self,
        file: &Arc<Path>,
        spec: NodeSpec,
        mark: Mark,
        body: Option<&'y Node>,
    ) -> Option<(Option<String>, HashMap<&'static str, &'y Node>)> {
        let mut args: HashMap<&'static str, &'y Node> = HashMap::new();
        let mut name = None;
        let shorthand = spec
            .shorthand
            .and_then(|s| spec.params.iter().find(|p| p.name == s));
        let mut ok = true;
        match body {
            None => {}
            Some(b) => {
                match (&b.value, shorthand) {
                    // `invert: {hp_below: ...}`: the map is the child itself, unless it names `child`.
                    (Value::Map(entries), Some(sh))
                        if sh.ty == ParamType::Node
                            && !entries.iter().any(|(k, _)| k.as_str() == Some(sh.name)) =>
                    {
                        args.insert(sh.name, b);
                    }
                    (Value::Map(entries), _) => {
                        for (k, v) in entries {
                            let key = k.as_str().unwrap_or_default();
                            if key == "name" {
                                match v.as_str() {
                                    Some(n) if !n.is_empty() && !n.contains('/') => {
                                        name = Some(n.to_string())
                                    }
                                    _ => {
                                        self.error(file, v.mark, format!("`name` must be a non-empty text without `/`, got {}", v.describe()));
                                        ok = false;
                                    }
                                }
                            } else if let Some(ps) = spec.params.iter().find(|p| p.name == key) {
                                args.insert(ps.name, v);
                            } else {
                                let known = spec
                                    .params
                                    .iter()
                                    .map(|p| p.name)
                                    .chain(manifest::COMMON_KEYS.iter().copied());
                                let hint = did_you_mean(key, known.clone());
                                let list: Vec<&str> = known.collect();
                                let msg = format!(
                                    "unknown parameter `{key}` for `{}`{hint} (known: {})",
                                    spec.name,
                                    list.join(", ")
                                );
                                self.error(file, k.mark, msg);
                                ok = false;
                            }
                        }
                    }
                    (Value::Seq(_), Some(sh)) if sh.ty == ParamType::Nodes => {
                        args.insert(sh.name, b);
                    }
                    (Value::Scalar { .. }, Some(sh)) if sh.ty != ParamType::Nodes => {
                        args.insert(sh.name, b);
                    }
                    _ => {
                        let expected = if spec.params.is_empty() {
                            "takes no parameters (only `name`)".to_string()
                        } else {
                            let names: Vec<&str> = spec.params.iter().map(|p| p.name).collect();
                            format!("expects a map of parameters ({})", names.join(", "))
                        };
                        self.error(
                            file,
                            b.mark,
                            format!("`{}` {expected}, got {}", spec.name, b.describe()),
                        );
                        ok = false;
                    }
                }
            }
        }
        for ps in spec.params {
            if ps.req == Requirement::Required && !args.contains_key(ps.name) {
                let msg = format!(
                    "`{}` is missing required parameter `{}` ({}: {})",
                    spec.name,
                    ps.name,
                    type_label(ps.ty),
                    ps.doc
                );
                self.error(file, mark, msg);
                ok = false;
            }
        }
        ok.then_some((name, args))
    }

    fn scalar_params(
        &mut self,
        file: &Arc<Path>,
        spec: NodeSpec,
        args: &HashMap<&'static str, &Node>,
    ) -> Option<Params> {
        let mut out = Vec::new();
        let mut ok = true;
        for ps in spec.params {
            if matches!(ps.ty, ParamType::Node | ParamType::Nodes) {
                continue;
            }
            let parsed = match (args.get(ps.name), ps.req) {
                (Some(v), _) => self.convert(file, &spec, ps.name, ps.ty, v.as_str(), v),
                (None, Requirement::Default(d)) => self.convert(
                    file,
                    &spec,
                    ps.name,
                    ps.ty,
                    Some(d),
                    &Node {
                        value: Value::Null,
                        mark: Mark::default(),
                    },
                ),
                (None, _) => continue,
            };
            match parsed {
                Some(v) => out.push((ps.name, v)),
                None => ok = false,
            }
        }
        ok.then_some(Params(out))
    }

    fn convert(
        &mut self,
        file: &Arc<Path>,
        spec: &NodeSpec,
        name: &str,
        ty: ParamType,
        text: Option<&str>,
        at: &Node,
    ) -> Option<ParamValue> {
        let bad_hint = |this: &mut Loader, why: String, hint: String| {
            let msg = format!(
                "parameter `{name}` of `{}` {why}, got {}{hint}",
                spec.name,
                at.describe()
            );
            this.error(file, at.mark, msg);
            None
        };
        let bad = |this: &mut Loader, why: String| bad_hint(this, why, String::new());
        let Some(text) = text else {
            return bad(self, format!("must be {}", type_label(ty)));
        };
        match ty {
            ParamType::Number { min, max } => match text.parse::<f64>() {
                Ok(n) if n >= min && n <= max => Some(ParamValue::Number(n)),
                Ok(_) => bad(self, format!("must be between {min} and {max}")),
                Err(_) => bad(self, "must be a number".into()),
            },
            ParamType::Integer { min, max } => match text.parse::<i64>() {
                Ok(n) if n >= min && n <= max => Some(ParamValue::Integer(n)),
                Ok(_) => bad(self, format!("must be between {min} and {max}")),
                Err(_) => bad(self, "must be an integer".into()),
            },
            ParamType::Choice(options) => {
                if options.contains(&text) {
                    Some(ParamValue::Text(text.to_string()))
                } else {
                    let hint = did_you_mean(text, options.iter().copied());
                    bad_hint(self, format!("must be one of {}", options.join(", ")), hint)
                }
            }
            // An empty text is always a slip (no keys to send, no file, no function); a space
            // is not (it is a key), so only the empty text is refused.
            ParamType::Flag => match text {
                "true" | "True" | "TRUE" => Some(ParamValue::Flag(true)),
                "false" | "False" | "FALSE" => Some(ParamValue::Flag(false)),
                _ => bad(self, "must be true or false".into()),
            },
            ParamType::Text if text.is_empty() => bad(self, "must be a non-empty text".into()),
            _ => Some(ParamValue::Text(text.to_string())),
        }
    }

    fn text(&mut self, file: &Arc<Path>, spec: &NodeSpec, name: &str, v: &Node) -> Option<String> {
        match self.convert(file, spec, name, ParamType::Text, v.as_str(), v)? {
            ParamValue::Text(t) => Some(t),
            _ => None,
        }
    }

    fn subtree(
        &mut self,
        file: &Arc<Path>,
        target: &Node,
        parent: &str,
        name: Option<&str>,
        path: &str,
    ) -> Option<Ast> {
        let spec = self.registry.spec("subtree").copied()?;
        let wanted = self.text(file, &spec, "file", target)?;
        let stem = wanted
            .trim_end_matches(".yaml")
            .trim_end_matches(".yml")
            .to_string();
        if leaves_dir(&stem) {
            let msg = format!("subtree `{wanted}` must stay inside the trees directory");
            self.error(file, target.mark, msg);
            return None;
        }
        let candidates = [
            self.trees_dir.join(format!("{stem}.yaml")),
            self.trees_dir.join(format!("{stem}.yml")),
        ];
        let Some(sub_file) = candidates.into_iter().find(|p| p.is_file()) else {
            let known = tree_names(&self.trees_dir);
            let hint = did_you_mean(&stem, known.iter().map(String::as_str));
            let msg = format!(
                "unknown subtree `{stem}`: no {stem}.yaml in {}{hint}",
                self.trees_dir.display()
            );
            self.error(file, target.mark, msg);
            return None;
        };
        if let Err(msg) = inside(&sub_file, &self.trees_dir, "trees") {
            self.error(file, target.mark, format!("subtree `{wanted}` {msg}"));
            return None;
        }
        if let Some(start) = self.stack.iter().position(|f| f == &sub_file) {
            let chain: Vec<String> = self.stack[start..]
                .iter()
                .chain(std::iter::once(&sub_file))
                .map(|f| {
                    f.file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default()
                })
                .collect();
            self.error(
                file,
                target.mark,
                format!("include cycle: {}", chain.join(" → ")),
            );
            return None;
        }
        let _ = path;
        let component = name
            .map(str::to_string)
            .unwrap_or_else(|| stem.rsplit('/').next().unwrap_or(&stem).to_string());
        self.load_file(&sub_file, parent, &component)
    }

    fn script_path(&mut self, file: &Arc<Path>, target: &Node) -> Option<PathBuf> {
        let spec = self.registry.spec("lua").copied()?;
        let wanted = self.text(file, &spec, "file", target)?;
        let rel = wanted.strip_prefix("scripts/").unwrap_or(&wanted);
        if leaves_dir(rel) {
            self.error(
                file,
                target.mark,
                format!("Lua script `{wanted}` must stay inside the scripts directory"),
            );
            return None;
        }
        let path = self.scripts_dir.join(rel);
        if !path.is_file() {
            let msg = format!(
                "Lua script `{wanted}` not found (looked for {})",
                path.display()
            );
            self.error(file, target.mark, msg);
            return None;
        }
        if let Err(msg) = inside(&path, &self.scripts_dir, "scripts") {
            self.error(file, target.mark, format!("Lua script `{wanted}` {msg}"));
            return None;
        }
        Some(path)
    }
}

/// The node type of a validated node (`None` for a Lua leaf).
fn ast_type(ast: &Ast) -> Option<&'static str> {
    match &ast.kind {
        AstKind::Composite { spec, .. }
        | AstKind::Decorator { spec, .. }
        | AstKind::Leaf { spec, .. } => Some(spec.name),
        AstKind::Lua { .. } => None,
    }
}

/// Whether a path written in a tree could name a file outside its directory: absolute, or
/// with a `..` component.
fn leaves_dir(rel: &str) -> bool {
    let path = Path::new(rel);
    path.is_absolute()
        || path
            .components()
            .any(|c| c == std::path::Component::ParentDir)
}

/// Whether `file` really lies in `dir` once symlinks are resolved (a link in trees/ may point
/// anywhere); the error says where it leads.
fn inside(file: &Path, dir: &Path, what: &str) -> Result<(), String> {
    let real = std::fs::canonicalize(file).map_err(|e| format!("cannot be resolved: {e}"))?;
    let root = std::fs::canonicalize(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if real.starts_with(&root) {
        Ok(())
    } else {
        Err(format!(
            "leads to {}, outside the {what} directory {}",
            real.display(),
            root.display()
        ))
    }
}

/// Stems of the tree files in `dir`, for "did you mean".
fn tree_names(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect()
}

pub fn type_label(ty: ParamType) -> String {
    match ty {
        ParamType::Number { min, max } => format!("number {min}..{max}"),
        ParamType::Integer { min, max } if max == i64::MAX => format!("integer ≥ {min}"),
        ParamType::Integer { min, max } => format!("integer {min}..{max}"),
        ParamType::Text => "text".into(),
        ParamType::Choice(options) => format!("one of {}", options.join(", ")),
        ParamType::Flag => "true or false".into(),
        ParamType::Node => "a node".into(),
        ParamType::Nodes => "a list of nodes".into(),
    }
}
