package systemtest

import (
	"testing"

	"github.com/gpupick/gpupick/advisor"
	"github.com/gpupick/gpupick/model"
)

// pretrain70B is the case: pre-training Llama 3.1 70B on 1T
// tokens, which one 8-GPU node takes years for, within a deadline.
func pretrain70B(deadlineH float64, maxNodes int) model.Answers {
	a := withModel(model.WorkloadPretrain, "llama-3.1-70b", model.BF16)
	a.DurationMode, a.JobTokens, a.DeadlineHours, a.MaxNodes = model.DurationJob, 1e12, deadlineH, maxNodes
	return a
}

// TestDeadlineMultiNodePlan: with a deadline every listed run finishes in
// time; the top pick of the 70B pre-train is several nodes of an offer
// whose provider documents RDMA and that is no marketplace listing; so is
// every multi-node pick. The offers that would finish late are counted in
// a note, and the plan's price x nodes x hours is spelled out.
func TestDeadlineMultiNodePlan(t *testing.T) {
	cat := advisorEmbedded(t)
	for _, days := range []float64{180, 60, 30, 20} {
		a := pretrain70B(days*24, 0)
		res := advisor.Recommend(cat, a, advisor.Options{Top: 20})
		nodesFollowDeadline(t, days, res)
		if len(res.Recommendations) == 0 {
			t.Fatalf("%gd: nothing recommended; notes %v", days, res.Notes)
		}
		top := res.Recommendations[0]
		if top.Nodes < 2 {
			t.Errorf("%gd: the top pick runs on %d node(s), though one node takes years", days, top.Nodes)
		}
		for i, r := range res.Recommendations {
			if r.CalendarHours <= 0 || r.CalendarHours > a.DeadlineHours {
				t.Errorf("%gd: #%d %s x%d nodes takes %.0f h, deadline %.0f h", days, i+1, r.InstanceType, r.Nodes, r.CalendarHours, a.DeadlineHours)
			}
			if r.Nodes > 64 {
				t.Errorf("%gd: #%d on %d nodes, above the stated cap of 64", days, i+1, r.Nodes)
			}
			if r.Nodes > 1 && (r.Offer.RDMA != model.Yes || r.Offer.Marketplace || r.Hosting == "marketplace") {
				t.Errorf("%gd: #%d %s on %d nodes: RDMA %v, marketplace %v", days, i+1, r.InstanceType, r.Nodes, r.Offer.RDMA, r.Offer.Marketplace)
			}
		}
		if !noteWith(res, "would not finish within") {
			t.Errorf("%gd: no note counts the offers that finish late: %v", days, res.Notes)
		}
		if !noteWith(res, "nodes ×") || !noteWith(res, "RDMA") {
			t.Errorf("%gd: no note spells out the plan (price x nodes x hours): %v", days, res.Notes)
		}
		if res.Requirement.DeadlineHours != a.DeadlineHours || res.Requirement.MaxNodes != 64 {
			t.Errorf("%gd: requirement deadline %v, node cap %d", days, res.Requirement.DeadlineHours, res.Requirement.MaxNodes)
		}
	}
}

// TestDeadlineTighterMoreNodes: a tighter deadline never plans an offer
// on fewer nodes, and plans some on more.
func TestDeadlineTighterMoreNodes(t *testing.T) {
	cat := advisorEmbedded(t)
	nodes := func(days float64) map[*model.Offer]int {
		m := map[*model.Offer]int{}
		for _, r := range advisor.Recommend(cat, pretrain70B(days*24, 0), advisor.Options{All: true, Top: 50}).Recommendations {
			m[r.Offer] = r.Nodes
		}
		return m
	}
	loose, tight := nodes(60), nodes(25)
	more := 0
	for o, n := range tight {
		if m, ok := loose[o]; ok {
			if n < m {
				t.Errorf("%s: %d nodes for 25 days, %d for 60", o.InstanceType, n, m)
			}
			if n > m {
				more++
			}
		}
	}
	if more == 0 {
		t.Errorf("no offer planned on more nodes for 25 days than for 60: %v / %v", tight, loose)
	}
}

// TestDeadlineNodesGiven: --nodes stays the cap with a deadline; when no
// run of at most that many nodes finishes in time, nothing is listed and
// the notes say how many offers would finish late.
func TestDeadlineNodesGiven(t *testing.T) {
	cat := advisorEmbedded(t)
	res := advisor.Recommend(cat, pretrain70B(30*24, 8), advisor.Options{Top: 20})
	for _, r := range res.Recommendations {
		if r.Nodes > 8 || r.CalendarHours > 30*24 {
			t.Errorf("%s on %d nodes, %.0f h: over --nodes 8 or the deadline", r.InstanceType, r.Nodes, r.CalendarHours)
		}
	}
	if res.Requirement.MaxNodes != 8 || !noteWith(res, "would not finish within 30d") {
		t.Errorf("node cap %d, notes %v", res.Requirement.MaxNodes, res.Notes)
	}
}

// TestDeadlineInferenceJob: a deadline filters a generation job too (it is
// not scaled out: serving more nodes is not the speed model's), in
// Chinese as well.
func TestDeadlineInferenceJob(t *testing.T) {
	cat := advisorEmbedded(t)
	a := withModel(model.WorkloadInference, "llama-3.1-8b", model.BF16)
	a.Latency, a.Batch, a.DurationMode, a.JobTokens, a.DeadlineHours = model.LatencyBatch, 32, model.DurationJob, 2e8, 24
	res := advisor.Recommend(cat, a, advisor.Options{Top: 20, Lang: "zh"})
	if len(res.Recommendations) == 0 {
		t.Fatalf("nothing finishes 200M tokens within a day: %v", res.Notes)
	}
	for _, r := range res.Recommendations {
		if r.CalendarHours > 24 || r.Nodes != 1 {
			t.Errorf("%s: %.1f h on %d nodes", r.InstanceType, r.CalendarHours, r.Nodes)
		}
	}
	if !noteWith(res, "无法在 1d 内完成") {
		t.Errorf("no Chinese note counts the late offers: %v", res.Notes)
	}
}

// nodesFollowDeadline: a deadline job's node count follows from the
// deadline, so more nodes are no reason to pass over a cheaper plan. Of
// two plans that run as asked, priced with every risk but the nodes', the
// one listed first costs at most the near-equal band (5%) and the
// multi-node step (5%) more.
func nodesFollowDeadline(t *testing.T, days float64, res model.Result) {
	t.Helper()
	cost := func(r *model.Recommendation) float64 {
		x := r.TotalUSD
		for _, k := range r.Risk {
			if k.Code != "more-nodes" {
				x *= 1 + float64(k.Percent)/100
			}
		}
		return x
	}
	rs := res.Recommendations
	for i := range rs {
		for j := i + 1; j < len(rs); j++ {
			a, b := &rs[i], &rs[j]
			if len(a.Shortfalls) > 0 || len(b.Shortfalls) > 0 || a.TotalUSD <= 0 || b.TotalUSD <= 0 {
				continue
			}
			if cost(a) > cost(b)*1.05*1.05 {
				t.Errorf("%gd: #%d %s on %d nodes ($%.0f) is listed before #%d %s on %d nodes ($%.0f)", days, i+1, a.InstanceType, a.Nodes, a.TotalUSD, j+1, b.InstanceType, b.Nodes, b.TotalUSD)
			}
		}
	}
}
