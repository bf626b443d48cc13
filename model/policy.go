package model

// EgressTier is one band of internet egress pricing: UpToGB is the upper end
// of the band in GB per month (0 for the last, unbounded band) and PerGB its
// price in the policy's currency.
type EgressTier struct {
	UpToGB float64 `json:"up_to_gb" toml:"up_to_gb"`
	PerGB  float64 `json:"per_gb" toml:"per_gb"`
}

// Discount is a published commitment or subscription discount: Fraction off
// the on-demand price (0.72 = 72% off). UpTo marks an "up to" maximum rather
// than the rate every offer gets.
type Discount struct {
	Fraction float64 `json:"fraction" toml:"fraction"`
	UpTo     bool    `json:"up_to" toml:"up_to"`
	Note     string  `json:"note,omitempty" toml:"note,omitempty"`
	Source   string  `json:"source,omitempty" toml:"source,omitempty"`
	// OfMonthly marks a discount off the listed monthly (subscription)
	// price rather than off the hourly on-demand price: Tencent's duration
	// discounts apply to its yearly/monthly subscription (baonian baoyue)
	// list price.
	OfMonthly bool `json:"of_monthly,omitempty" toml:"of_monthly,omitempty"`
}

// TermDiscount is a published discount for prepaying a term of MinMonths
// to MaxMonths months (Tencent: 6-11 months at 88% of the list price, 12 months at 83%).
type TermDiscount struct {
	MinMonths int      `json:"min_months" toml:"min_months"`
	MaxMonths int      `json:"max_months" toml:"max_months"`
	Discount  Discount `json:"discount" toml:"discount"`
}

// Policy is what a provider publishes about prices and lifecycle, applied to
// all its offers. Zero values mean "not found in any source".
type Policy struct {
	Provider string   `json:"provider" toml:"provider"`
	Name     string   `json:"name" toml:"name"` // display name ("AWS", "Alibaba Cloud" with its Chinese name)
	Currency Currency `json:"currency" toml:"currency"`

	// Commitments: 1-year and 3-year discounts where published, the largest
	// advertised discount, and monthly / short plans.
	Commit1y      Discount `json:"commit_1y" toml:"commit_1y"`
	Commit3y      Discount `json:"commit_3y" toml:"commit_3y"`
	CommitMax     Discount `json:"commit_max" toml:"commit_max"`
	CommitMonthly Discount `json:"commit_monthly" toml:"commit_monthly"` // monthly subscription / savings plan
	// CommitReservesCapacity says whether a commitment also guarantees
	// capacity (GCP CUDs do not).
	CommitReservesCapacity Tri    `json:"commit_reserves_capacity" toml:"commit_reserves_capacity"`
	CommitNote             string `json:"commit_note,omitempty" toml:"commit_note,omitempty"`
	// Terms is the provider's whole table of prepaid-term discounts, where
	// one is published (only Tencent's, so far); Commit1y and Commit3y
	// repeat its 12- and 36-month rows.
	Terms []TermDiscount `json:"terms,omitempty" toml:"terms,omitempty"`

	// TermsOnRequest are commitment or plan terms in months that the
	// provider offers without publishing their price (RunPod's 3- and
	// 6-month savings plans): a fact to show, never a price.
	// TermsOnRequestNote carries the caveat and TermsOnRequestSource cites it.
	TermsOnRequest       []int  `json:"terms_on_request,omitempty" toml:"terms_on_request,omitempty"`
	TermsOnRequestNote   string `json:"terms_on_request_note,omitempty" toml:"terms_on_request_note,omitempty"`
	TermsOnRequestSource string `json:"terms_on_request_source,omitempty" toml:"terms_on_request_source,omitempty"`

	// Spot / preemptible rules.
	SpotAvailable   Tri      `json:"spot_available" toml:"spot_available"`
	SpotDiscountMax Discount `json:"spot_discount_max" toml:"spot_discount_max"`
	// SpotDiscountMin is the least discount off on-demand the provider
	// states its spot prices give (GCP: 60% of a stated 60-91%); zero when
	// none is stated. CheckSpot flags a spot price outside the range.
	SpotDiscountMin     Discount `json:"spot_discount_min,omitzero" toml:"spot_discount_min,omitzero"`
	SpotNoticeSeconds   float64  `json:"spot_notice_seconds" toml:"spot_notice_seconds"`
	PreemptibleMaxHours float64  `json:"preemptible_max_hours" toml:"preemptible_max_hours"`
	SpotNote            string   `json:"spot_note,omitempty" toml:"spot_note,omitempty"`

	// Billing.
	BillingGranularity    string  `json:"billing_granularity" toml:"billing_granularity"` // "per-second", "per-minute", "hourly"
	BillingMinimumSeconds float64 `json:"billing_minimum_seconds" toml:"billing_minimum_seconds"`

	// Egress to the internet. EgressKnown is false when no price was found.
	EgressKnown       bool         `json:"egress_known" toml:"egress_known"`
	EgressFreeGBMonth float64      `json:"egress_free_gb_month" toml:"egress_free_gb_month"`
	EgressTiers       []EgressTier `json:"egress_tiers" toml:"egress_tiers"`
	EgressNote        string       `json:"egress_note,omitempty" toml:"egress_note,omitempty"`

	// Storage: block storage price per GB-month (0 unknown), whether disks are
	// billed while the instance is stopped, whether local disks survive stop.
	BlockStorageGBMonth       float64 `json:"block_storage_gb_month" toml:"block_storage_gb_month"`
	StorageBilledWhileStopped Tri     `json:"storage_billed_while_stopped" toml:"storage_billed_while_stopped"`
	LocalDiskSurvivesStop     Tri     `json:"local_disk_survives_stop" toml:"local_disk_survives_stop"`

	// Notes are further policy facts worth showing, each with its source.
	Notes   []string `json:"notes,omitempty" toml:"notes,omitempty"`
	Sources []string `json:"sources" toml:"sources"`
}
