//! The one declaration of a lab's state and parameters ([`slots!`]): each parameter's line is
//! its field of the state, its [`Slot`](super::Slot) and its place in the lab's two tables.

/// Declares a lab's state with its slots, and the state's two tables (and [`Slotted`](super::Slotted) for it):
/// `SLOTS` (the [`Table`](super::Table) the frame drives) and `PARAMS` (every parameter as lock lists and
/// tests see them, with the lab's hand-read parameters after `also`). Each parameter is one
/// line, which is also its field of the state (of the type its kind stores: a [`Field`] for a
/// [`Param`], the value for a [`Pick`]), documented by the line's comment:
/// `NAME: Kind = field, default, parameter [, after hook] [, carried when predicate];`.
/// The state's other fields, which no link carries, follow in `and { … }`; the parameters the
/// lab reads by hand after `also`, then the functions that read and write them (`read by f`,
/// `written by g`: [`Slotted::read_by_hand`](super::Slotted::read_by_hand) and its pair).
///
/// [`Field`]: crate::url::Field
/// [`Param`]: crate::url::Param
/// [`Pick`]: crate::url::Pick
macro_rules! slots {
    ($(#[$meta:meta])* pub struct $state:ident {
        $($(#[$doc:meta])* $name:ident: $kind:ty = $field:ident, $default:expr, $param:expr
            $(, after $hook:expr)? $(, carried when $carried:expr)?;)+
    } $(and {
        $($(#[$xdoc:meta])* pub $xfield:ident: $xty:ty),* $(,)?
    })? $(also $($extra:ident),+)? $(read by $read:ident)? $(written by $write:ident)?) => {
        $(#[$meta])*
        pub struct $state {
            $($(#[$doc])* pub $field: <$kind as $crate::url::slot::Kind>::Stored,)+
            $($($(#[$xdoc])* pub $xfield: $xty,)*)?
        }
        $($(#[$doc])*
        pub static $name: $crate::url::Slot<$state, $kind> = $crate::url::Slot::new(
            $param,
            $default,
            (|s: &$state| &s.$field, |s: &mut $state| &mut s.$field),
            {
                let hooks: &[Option<fn(&mut $state)>] = &[None $(, Some($hook))?];
                hooks[hooks.len() - 1]
            },
            {
                let carried: &[Option<fn(&$state) -> bool>] = &[None $(, Some($carried))?];
                carried[carried.len() - 1]
            },
        );)+
        /// Every parameter kept in the state, in the order of the lab's forms.
        pub static SLOTS: $crate::url::Table<$state> = &[$(&$name),+];
        /// Every parameter of the lab, as lock lists, the embed builder and the tests see them.
        pub static PARAMS: $crate::url::ParamTable = &[$(&$name,)+ $($(&$extra),+)?];
        impl $crate::url::slot::Slotted for $state {
            const SLOTS: $crate::url::Table<$state> = SLOTS;
            const PARAMS: $crate::url::ParamTable = PARAMS;
            $(fn read_by_hand(&mut self, params: &$crate::url::Params, notices: &mut Vec<$crate::url::Notice>) {
                $read(self, params, notices)
            })?
            $(fn write_by_hand(&self, out: &mut Vec<(&'static str, String)>) {
                $write(self, out)
            })?
        }
    };
}
pub(crate) use slots;
