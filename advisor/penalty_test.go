package advisor

import (
	"fmt"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// penaltyCase is two offers alike but for one risk, the risky one priced
// at share of the clean one's price, and the answers they are ranked for:
// the case states which of the two an engineer would rent.
type penaltyCase struct {
	name string
	// gpu, riskyGPU and count make the offers (riskyGPU: the clean GPU
	// when empty); risky adds the risk to its offer.
	gpu, riskyGPU string
	count         int
	risky         func(*model.Offer)
	answers       func() model.Answers
	share         float64
	riskyFirst    bool
}

// marketHost makes an offer a marketplace listing (its vCPUs stay
// dedicated, so the host is its only risk).
func marketHost(o *model.Offer) { o.Marketplace = true }

// split70B serves Llama-3.1-70B (INT4) for a month split over eight GPUs,
// so that every layer all-reduces across all of them.
func split70B() model.Answers {
	a := answers(model.WorkloadInference, "llama-3.1-70b", model.INT4, 8192, 1)
	a.Latency, a.GPUs = model.LatencyBatch, 8
	return a
}

// TestPenaltyBounds holds each risk penalty between what it exists for
// (at near-equal cost the offer without the risk leads) and what it must
// not outweigh (a saving larger than the risk is worth leads), each bound
// stated as the engineer states it. advisor/testdata/mutate.sh checks that
// a penalty set to 0 or to 3x its size fails a test; these are the cases
// that catch the penalties no other test held to their size.
func TestPenaltyBounds(t *testing.T) {
	rented := func() model.Answers { return stated(10, nil) }
	for _, tc := range []penaltyCase{
		// A job on a marketplace host that fails is run again elsewhere:
		// a rerun costs more than 1%, so a datacenter host 1% dearer
		// leads; but a job is not held to the third more an engineer pays
		// to keep a deployment up (expert_test.go marketRatio), so a
		// marketplace host a quarter cheaper leads a job.
		{"job: datacenter host 1% dearer leads", "A100-80GB SXM4", "", 1, marketHost, loraJob, 1 / 1.01, false},
		{"job: marketplace host a quarter cheaper leads", "A100-80GB SXM4", "", 1, marketHost, loraJob, 0.75, true},
		// A deployment has to stay up: a datacenter host up to a third
		// dearer leads (marketRatio). A marketplace host is held to 98%
		// monthly uptime, where a datacenter SLA refunds 30% of the month
		// (riskMarketplaceRented): even such a month, worth 70% of one
		// kept up, costs less at under half the price, so the marketplace
		// host leads there.
		{"rented: datacenter host a third dearer leads", "L4", "", 1, marketHost, rented, 0.75, false},
		{"rented: marketplace host under half the price leads", "L4", "", 1, marketHost, rented, 0.45, true},
		// A GPU of an architecture the current stack is dropping (the
		// legacy-gpu warning) costs its user a port later: a Volta card a
		// tenth cheaper ranks after a current one; it still runs the work
		// today, so at 30% off it leads (with the warning).
		{"legacy GPU a tenth cheaper ranks after", "T4", "V100 SXM2 16GB", 1, nil, rented, 0.90, false},
		{"legacy GPU 30% cheaper leads", "T4", "V100 SXM2 16GB", 1, nil, rented, 0.70, true},
		// Tensor parallelism over PCIe: the speed estimate already slows
		// the split; the penalty is the allowance for that estimate being
		// rough, and it is bounded. A split over host memory (GeForce, no
		// peer-to-peer) is worth avoiding up to twice the price
		// (expert_test.go geforceRatio), not more, however many cards; a
		// PCIe split moves collectives at twice the host path's bandwidth
		// (riskTPHostPerGPU), so it is worth avoiding up to half that
		// extra, 1.5x: an eight-way PCIe split at 0.68 of an NVLink box's
		// price, and an eight-way GeForce split at 0.45 of it, lead.
		{"eight-way PCIe split at 0.68 of NVLink leads", "A100-80GB SXM4", "A100-80GB PCIe", 8, nil, split70B, 0.68, true},
		{"eight-way GeForce split at 0.45 of NVLink leads", "A100-80GB SXM4", "GeForce RTX 4090", 8, nil, split70B, 0.45, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const price = 2.0
			clean := testOffer("cloudA", "clean", tc.gpu, tc.count, price)
			gpu := tc.riskyGPU
			if gpu == "" {
				gpu = tc.gpu
			}
			risky := testOffer("cloudA", "risky", gpu, tc.count, price*tc.share)
			if tc.risky != nil {
				tc.risky(&risky)
			}
			res := Recommend(catWith(clean, risky), tc.answers(), Options{Top: 5})
			if got := names(res); len(got) != 2 {
				t.Fatalf("want both offers ranked, got %v; notes %v", got, res.Notes)
			}
			r, c := pick(res, "risky"), pick(res, "clean")
			if len(r.Risk) == 0 || r.RiskPercent <= c.RiskPercent {
				t.Fatalf("the risky offer carries no more risk (%d%% %v) than the clean one (%d%% %v)", r.RiskPercent, r.Risk, c.RiskPercent, c.Risk)
			}
			if first := top(t, res); (first.InstanceType == "risky") != tc.riskyFirst {
				t.Errorf("#1 %s: risky at %.0f%% of the price, $%.0f with %d%% risk %v; clean $%.0f with %d%% risk %v",
					first.InstanceType, 100*tc.share, r.TotalUSD, r.RiskPercent, penaltyList(r), c.TotalUSD, c.RiskPercent, penaltyList(c))
			}
		})
	}
}

// penaltyList is a recommendation's penalties as "code +pct%".
func penaltyList(r *model.Recommendation) []string {
	var out []string
	for _, k := range r.Risk {
		out = append(out, fmt.Sprintf("%s +%d%%", k.Code, k.Percent))
	}
	return out
}
