//! The node registry: the engine's control nodes plus the leaf types registered from outside
//! (BehaviorTree.CPP's `BehaviorTreeFactory::registerNodeType`). Loading, validation, `check`,
//! the JSON Schema and the catalogue all read one registry, so a leaf's parameter spec is
//! written once, where the leaf is.

use crate::leaf::{DynLeaf, FnLeaf, Leaf, Tick};
use crate::manifest::{LeafOutcome, NodeKind, NodeSpec, ParamSpec, Params, CONTROL_NODES};
use nhbot_world::World;
use std::collections::HashMap;
use std::sync::Arc;

/// How a leaf type is documented and validated.
#[derive(Clone, Copy, Debug)]
pub struct LeafSpec {
    pub name: &'static str,
    /// [`NodeKind::Condition`] (answers at once, never acts) or [`NodeKind::Action`].
    pub kind: NodeKind,
    pub doc: &'static str,
    pub params: &'static [ParamSpec],
    /// The parameter a scalar body fills (`search: 5`).
    pub shorthand: Option<&'static str>,
}

impl LeafSpec {
    pub const fn condition(name: &'static str, doc: &'static str) -> LeafSpec {
        LeafSpec {
            name,
            kind: NodeKind::Condition,
            doc,
            params: &[],
            shorthand: None,
        }
    }

    pub const fn action(name: &'static str, doc: &'static str) -> LeafSpec {
        LeafSpec {
            name,
            kind: NodeKind::Action,
            doc,
            params: &[],
            shorthand: None,
        }
    }

    pub const fn params(mut self, params: &'static [ParamSpec]) -> LeafSpec {
        self.params = params;
        self
    }

    pub const fn shorthand(mut self, param: &'static str) -> LeafSpec {
        self.shorthand = Some(param);
        self
    }
}

type Factory = Arc<dyn Fn(&Params) -> Arc<dyn DynLeaf> + Send + Sync>;

/// Every node type a tree may use. [`NodeRegistry::new`] holds the control nodes; a domain
/// crate adds its leaves (nhbot-skills: `nhbot_skills::registry()`).
#[derive(Clone)]
pub struct NodeRegistry {
    specs: Vec<NodeSpec>,
    factories: HashMap<&'static str, Factory>,
}

impl Default for NodeRegistry {
    fn default() -> Self {
        NodeRegistry::new()
    }
}

impl std::fmt::Debug for NodeRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.specs.iter().map(|s| s.name).collect();
        f.debug_struct("NodeRegistry")
            .field("nodes", &names)
            .finish()
    }
}

impl NodeRegistry {
    /// The control nodes (composites, decorators, `subtree`, `lua`) and no leaf.
    pub fn new() -> NodeRegistry {
        NodeRegistry {
            specs: CONTROL_NODES.to_vec(),
            factories: HashMap::new(),
        }
    }

    /// Registers a leaf type: `make` builds one node's leaf from its validated parameters.
    ///
    /// # Panics
    /// When `spec.name` is already taken or `spec.kind` is not a condition or an action:
    /// both are programming errors of the registering crate.
    pub fn register<L: Leaf>(
        &mut self,
        spec: LeafSpec,
        make: impl Fn(&Params) -> L + Send + Sync + 'static,
    ) -> &mut Self {
        assert!(
            matches!(spec.kind, NodeKind::Condition | NodeKind::Action),
            "leaf `{}` must be a condition or an action",
            spec.name
        );
        assert!(
            self.spec(spec.name).is_none(),
            "node type `{}` is registered twice",
            spec.name
        );
        self.specs.push(NodeSpec {
            name: spec.name,
            kind: spec.kind,
            doc: spec.doc,
            params: spec.params,
            shorthand: spec.shorthand,
        });
        self.factories.insert(
            spec.name,
            Arc::new(move |p: &Params| Arc::new(make(p)) as Arc<dyn DynLeaf>),
        );
        self
    }

    /// Registers a stateless leaf written as a plain function.
    pub fn register_fn(
        &mut self,
        spec: LeafSpec,
        run: fn(&Params, &World) -> LeafOutcome,
    ) -> &mut Self {
        self.register(spec, move |p| FnLeaf::new(p, run))
    }

    /// Registers a leaf with no state of its own that reads or writes the blackboard.
    pub fn register_tick_fn(
        &mut self,
        spec: LeafSpec,
        run: fn(&Params, &mut Tick<'_>) -> LeafOutcome,
    ) -> &mut Self {
        self.register(spec, move |p| FnLeaf::with_tick(p, run))
    }

    /// Every node type, control nodes first, then leaves in registration order.
    pub fn specs(&self) -> &[NodeSpec] {
        &self.specs
    }

    pub fn spec(&self, name: &str) -> Option<&NodeSpec> {
        self.specs.iter().find(|s| s.name == name)
    }

    pub fn node_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.specs.iter().map(|s| s.name)
    }

    /// Builds the leaf of a registered type (None for control nodes and unknown names).
    pub(crate) fn make(&self, name: &str, params: &Params) -> Option<Arc<dyn DynLeaf>> {
        self.factories.get(name).map(|f| f(params))
    }
}
