// Package model holds gpupick's domain types: the user's answers, GPUs,
// offers, provider price policies, the catalog that bundles them, model
// presets, the requirement a workload places on hardware, ranked
// recommendations, warnings, and the decision record that is exported to
// TOML.
//
// The package has no I/O and imports no other gpupick package and no
// terminal library. Besides the types it holds the small, pure parsers for
// the values a person types (sizes such as "70B", "2TB", "3mo", "$2.5/h");
// the Chinese words they accept live in vocab.go. Its subpackage text is
// the one mechanism for user-visible text that ui, advisor, data/launch and
// the CLI share: typed keys, English and Chinese side by side, text.Check.
//
// Conventions used throughout:
//   - A float64 of 0 in a price or a hardware figure means "unknown" (or, for
//     an optional price, "not offered"); no real price or figure is zero.
//     Renderers must show such a value as "unknown", never as 0.
//   - Tri is the three-valued yes / no / unknown used for facts that a source
//     may not state.
//   - Prices are per hour for the whole instance, in the offer's own currency,
//     unless a name says otherwise (HourlyUSD, TotalUSD).
//   - An Offer keeps in itself only what the advisor's index reads for every
//     offer; its rarely read facts are in an OfferDetail that many offers may
//     share: read them with Offer.Detail (never nil), change them with
//     Offer.EditDetail (copy on write), never through the pointer. An
//     Offer's JSON is its flat OfferFields, in its historical key order.
package model
