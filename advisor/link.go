package advisor

import (
	"math"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/model"
)

// The links between GPUs and what a collective costs on them. A collective
// is costed as NCCL's own tuner costs a ring: a base latency, a latency per
// ring step on the slowest link, and the bytes each GPU moves over the bus
// bandwidth of that link (nccl-tests doc/PERFORMANCE.md: an all-reduce of
// S bytes takes at best S/B x 2(n-1)/n; reduce-scatter and all-gather
// S/B x (n-1)/n).
const (
	// ncclBaseUS, hopNVLinkUS, hopPCIeUS, hopNetUS: NCCL's tuner constants
	// for the ring algorithm with the LL protocol (NVIDIA/nccl
	// src/graph/tuning.cc@5067397c, baseLatencies 6.6 us; hwLatencies
	// NVLINK 0.6, PCI 1.0, NET 2.7 us per step; an all-reduce has 2(n-1)
	// steps). NCCL uses the NET figure for sockets and InfiniBand alike.
	ncclBaseUS  = 6.6
	hopNVLinkUS = 0.6
	hopPCIeUS   = 1.0
	hopNetUS    = 2.7
	// hopHostUS is a ring step through host memory, for GPUs without
	// peer-to-peer access: an 8-byte all-reduce on 8 GPUs took 42.56 us on
	// RTX 4090s (NVIDIA/nccl issue #1530) and 54.18 us on RTX 3090s
	// (NVIDIA/nccl issue #1439); their mean less the base latency over 14
	// steps is 2.98 us.
	hopHostUS = 2.98

	// nvlinkEff: 8 x A100 SXM reached an all-reduce bus bandwidth of 232.54
	// GB/s (NVIDIA/nccl-tests issue #175) of NVLink 3's 300 GB/s per
	// direction.
	nvlinkEff = 0.78
	// pcieP2PEff: 6 x RTX 4090 with peer-to-peer over PCIe Gen4 x16
	// reached a bus bandwidth of 24.54 GB/s (tinygrad/open-gpu-kernel-modules
	// README) of 31.5 GB/s.
	pcieP2PEff = 0.78
	// pcieHostEff: without peer-to-peer, two RTX 2080 Ti on PCIe Gen3 x16
	// copied 5.7 GB/s one way (Anthony-Hoo.github.io, AutoDL 2080Ti x2
	// test, 0.36 of 15.75 GB/s) and 8 x RTX 5090 on Gen5 reached an
	// all-reduce bus bandwidth of 28 GB/s (NVIDIA/nccl issue #1639, 0.44
	// of 63 GB/s; the maintainer: "the performance you get is usually
	// determined by the bandwidth your CPU and memory can deliver"). Their
	// mean.
	pcieHostEff = 0.40
	// ibEff: three nodes of 8 x A100 with 4 x HDR 200 Gb/s averaged 84.8
	// GB/s all-reduce bus bandwidth of 100 GB/s (NVIDIA/nccl-tests issue
	// #119).
	ibEff = 0.85
	// fabricGBs: one AMD Infinity Fabric link peaks at 50 GB/s (ROCm docs,
	// MI250 microarchitecture: "25 GT/sec ... 50 GB/sec for a 16-wide
	// link"); a ring uses one link per hop. The MI300X link rate was not
	// read, so the MI250 figure stands for it.
	fabricGBs = 50
	// moeLayerUS is the fixed time one MoE layer's routed-expert path
	// takes per decode step beyond streaming its expert weights: the
	// top-k, the sort of tokens by expert and the two grouped GEMMs are
	// latency-bound at small batches. The engines' fused-MoE tuning
	// benchmarks (top-k, sort, both FP8 grouped GEMMs and the combine,
	// timed in CUDA graphs) report for one token DeepSeek-R1 at TP8 on
	// B200 52.65 us (sgl-project/sglang PR #11816, default config) and
	// Qwen3-235B-A22B at TP8 on H200 31.70 us (sgl-project/sglang PR
	// #11730, untuned); their expert weights (8 experts of 3 x 7168 x
	// 2048 and of 3 x 4096 x 1536 FP8 values, an eighth on each GPU: 44.0
	// and 18.9 MB) stream in 5.5 us at 8 TB/s and 3.9 us at 4.8 TB/s.
	// The mean of what is left, 47.2 and 27.8 us.
	moeLayerUS = 37.5
	// mlaLayerUS is the rest of an MLA + MoE layer's decode step that is
	// neither bytes, collectives nor the routed-expert path above: MLA's
	// absorbed-attention kernels, norms, rope, the shared expert's small
	// GEMMs and the engine's step, each latency-bound at small batches.
	// Fitted (the mean residual per layer) to the SemiAnalysis InferenceX
	// sweep of DeepSeek-R1-0528 FP8 on 8 x H200, SGLang v0.5.7 TP8, 1k/1k
	// (SemiAnalysisAI/InferenceX issue #870): TPOT 25.6 ms at concurrency
	// 32 and 34.6 ms at 64, against 22.0 and 29.0 ms modelled without it
	// (58.7 and 92.3 us per layer of 61). Tested on other figures:
	// concurrency 8 of the same sweep and DeepSeek-V3's single stream
	// (advisor/moe_published_test.go).
	mlaLayerUS = 75.5
	// tcpDefaultGbps is the NIC rate assumed between nodes without RDMA
	// when the offer states none: a 25 Gb/s Ethernet NIC, the lowest rate
	// the catalog's multi-GPU offers list for a documented network.
	tcpDefaultGbps = 25
	// rdmaDefaultGbps is the NIC rate per node assumed for an RDMA offer
	// whose GPU has no reference design below: one 200 Gb/s HDR NIC.
	rdmaDefaultGbps = 200
)

// linkKind is how data moves between two GPUs.
type linkKind uint8

// Link kinds. The zero value is a single GPU: nothing moves.
const (
	linkNone     linkKind = iota
	linkNVSwitch          // NVLink through NVSwitch, any GPU to any
	linkNVLink            // NVLink between SXM GPUs, no switch documented
	linkBridge            // an NVLink bridge between two PCIe cards
	linkFabric            // AMD Infinity Fabric
	linkPCIeHost          // PCIe, copies staged through host memory
	linkRDMA              // InfiniBand, RoCE or EFA between nodes
	linkTCP               // TCP sockets between nodes
)

// String is the kind's name as shown in Speed.Link and Speed.NodeLink.
func (k linkKind) String() string {
	switch k {
	case linkNVSwitch:
		return "nvswitch"
	case linkNVLink:
		return "nvlink"
	case linkBridge:
		return "nvlink-bridge"
	case linkFabric:
		return "infinity-fabric"
	case linkPCIeHost:
		return "pcie-host"
	case linkRDMA:
		return "rdma"
	case linkTCP:
		return "tcp"
	}
	return ""
}

// hop is one level of the network: its kind, the bus bandwidth each GPU
// gets on it (bytes per second, one direction) and the latency of one ring
// step (seconds).
type hop struct {
	kind linkKind
	bw   float64
	lat  float64
}

// topo is the network a configuration's collectives cross: perNode GPUs of
// a node over the intra hop, nodes over the inter hop.
type topo struct {
	intra, inter hop
	perNode      int
	nodes        int
	// intraAssumed: the offer does not say how its GPUs are linked, so
	// PCIe through host memory is assumed. nicAssumed: the NIC rate
	// between nodes is an assumption (tcpDefaultGbps or rdmaDefaultGbps).
	intraAssumed, nicAssumed bool
	geforce                  bool // GeForce card: no peer-to-peer at all
	nodeGbps                 float64
}

// nvlinkGBs is the NVLink bandwidth of one GPU, both directions together,
// by generation: NVLink 2 on V100 300 GB/s (6 links of 50 GB/s, Alibaba
// Cloud ACK topology-aware scheduling docs); NVLink 3 on A100 600 GB/s
// (NVIDIA, "Introducing HGX A100", in data/facts/gpu_links.csv); NVLink 4
// on H100/H200 900 GB/s (MLCommons inference v4.1 NVIDIA system
// H200-SXM-141GBx8: "18x 4th Gen NVLink, 900GB/s"); NVLink 5 on B200 1.8
// TB/s (MLCommons inference v6.0 Nebius B200 system: "18x 5th Gen NVLink,
// 14.4 TB/s aggregated bandwidth" for 8 GPUs). An unknown generation gets
// the slowest.
func nvlinkGBs(g *model.GPU) float64 {
	if g == nil {
		return 300
	}
	a := g.Architecture
	switch {
	case containsFold(a, "blackwell"):
		return 1800
	case containsFold(a, "hopper"):
		return 900
	case containsFold(a, "ampere"):
		return 600
	}
	return 300
}

// pcieGBs is the PCIe x16 rate of one direction by generation (PCI-SIG: 8,
// 16, 32 and 64 GT/s with 128b/130b encoding: 15.75, 31.5, 63 and 126
// GB/s). An unknown generation is taken as Gen3, the oldest in the
// catalog.
func pcieGBs(g *model.GPU) float64 {
	gen := 3
	if g != nil && g.PCIeGen >= 3 && g.PCIeGen <= 6 {
		gen = g.PCIeGen
	}
	return 15.75 * math.Pow(2, float64(gen-3))
}

// isGeForce reports a consumer GeForce card: NVIDIA's driver gives them no
// peer-to-peer over PCIe (tinygrad/open-gpu-kernel-modules README: the
// P2P mailbox "is not present or disabled in hardware on the 4090s").
func isGeForce(g *model.GPU) bool {
	return g != nil && (containsFold(g.Name, "geforce") || containsFold(g.FormFactor, "consumer"))
}

// nicPerNodeGbps is the RDMA NIC rate of one node by GPU generation, from
// the reference systems: A100 nodes with 4 x HDR 200 Gb/s (the 8 x A100
// clusters of NVIDIA/nccl-tests issues #119 and #175); H100/H200 and B200
// nodes with a 400 Gb/s NIC per GPU (MLCommons inference v6.0 Nebius B200:
// "8x ConnectX-7 IB NDR 400Gb/s"; v4.1 NVIDIA H200-SXM-141GBx8: "10x 400Gbe
// Infiniband", two of them for storage). 0 when no reference applies.
func nicPerNodeGbps(g *model.GPU) float64 {
	if g == nil {
		return 0
	}
	a := g.Architecture
	switch {
	case containsFold(a, "blackwell"), containsFold(a, "hopper"):
		return 8 * 400
	case containsFold(a, "ampere") && isSXM(g):
		return 4 * 200
	}
	return 0
}

// gbpsRates finds the NIC rates a network note states: every leftmost
// non-overlapping match of (?i)(\d[\d,]*(?:\.\d+)?)\s*(gbps|gb/s|gbit),
// the figure's text of each (the pattern is kept, as the oracle of the
// tests; the scan reads each note without the regexp engine).
func gbpsRates(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		if num, end, ok := gbpsAt(s, i); ok {
			out = append(out, num)
			i = end
			continue
		}
		i++
	}
	return out
}

// gbpsAt matches the rate pattern at i: the figure and the end of the
// match. The figure is read greedily; a shorter one would leave a digit,
// comma or point before the unit, so greedy is the only way to match.
func gbpsAt(s string, i int) (string, int, bool) {
	if i >= len(s) || !isDigit(s[i]) {
		return "", 0, false
	}
	j := i + 1
	for j < len(s) && (isDigit(s[j]) || s[j] == ',') {
		j++
	}
	if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
		j += 2
		for j < len(s) && isDigit(s[j]) {
			j++
		}
	}
	num := s[i:j]
	for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\f' || s[j] == '\r') {
		j++
	}
	if j+2 > len(s) || s[j]|0x20 != 'g' || s[j+1]|0x20 != 'b' {
		return "", 0, false
	}
	j += 2
	if j+1 < len(s) && s[j]|0x20 == 'i' && s[j+1]|0x20 == 't' {
		return num, j + 2, true
	}
	if j < len(s) && (s[j]|0x20 == 'p' || s[j] == '/') {
		// (?i) folds s with the long s (U+017F) too.
		if j+1 < len(s) && s[j+1]|0x20 == 's' {
			return num, j + 2, true
		}
		if strings.HasPrefix(s[j+1:], "\u017f") {
			return num, j + 1 + len("\u017f"), true
		}
	}
	return "", 0, false
}

// nodeGbps is the NIC rate of an offer's node when its network note states
// exactly one figure ("16 Gbps internal network"), else 0: notes with
// ranges or per-size lists do not say which figure this offer has.
func nodeGbps(o *model.Offer) float64 {
	m := gbpsRates(o.InterNodeNetwork)
	if len(m) != 1 {
		return 0
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(m[0], ",", ""), 64)
	if err != nil || !(v > 0 && v < 1e5) {
		return 0
	}
	return v
}

// topoOf works out the network of perNode GPUs per node over nodes nodes.
// nvlink and ic are the shape's interconnect (nvlink 1, -1 PCIe, 0 not
// documented), rdma and netGbps its inter-node network.
func topoOf(g *model.GPU, nvlink int8, ic model.Interconnect, rdma model.Tri, netGbps float64, perNode, nodes int) topo {
	t := topo{perNode: max(perNode, 1), nodes: max(nodes, 1), geforce: isGeForce(g)}
	nv := nvlinkGBs(g) / 2 * 1e9 * nvlinkEff
	host := hop{kind: linkPCIeHost, bw: pcieGBs(g) * 1e9 * pcieHostEff, lat: hopHostUS * 1e-6}
	sxm := g != nil && isSXM(g)
	switch {
	case t.perNode <= 1:
	case ic == model.InterconnectNVSwitch:
		t.intra = hop{kind: linkNVSwitch, bw: nv, lat: hopNVLinkUS * 1e-6}
	case ic == model.InterconnectInfinityFabric:
		t.intra = hop{kind: linkFabric, bw: fabricGBs * 1e9, lat: hopNVLinkUS * 1e-6}
	case ic == model.InterconnectNVLink && !sxm && t.perNode == 2:
		// A bridged pair: NVLink latency; the bridge's bandwidth is not
		// verified, so the card's PCIe peer rate stands for it.
		t.intra = hop{kind: linkBridge, bw: pcieGBs(g) * 1e9 * pcieP2PEff, lat: hopNVLinkUS * 1e-6}
	case ic == model.InterconnectNVLink && !sxm:
		// Bridges join pairs only: a ring over more cards crosses PCIe.
		t.intra = host
	case ic == model.InterconnectNVLink, nvlink > 0 && ic != model.InterconnectPCIe:
		t.intra = hop{kind: linkNVLink, bw: nv, lat: hopNVLinkUS * 1e-6}
	default:
		// PCIe: NCCL uses peer-to-peer only between GPUs behind one PCIe
		// switch (default NCCL_P2P_LEVEL PXB, NVIDIA/nccl
		// src/graph/paths.cc) and GeForce cards have none; the catalog
		// does not document the switch topology, so copies are taken to
		// go through host memory.
		t.intra = host
		t.intraAssumed = ic != model.InterconnectPCIe && nvlink >= 0
	}
	if t.nodes > 1 {
		gbps := netGbps
		if rdma == model.Yes {
			if gbps <= 0 {
				gbps = nicPerNodeGbps(g)
			}
			if gbps <= 0 {
				gbps, t.nicAssumed = rdmaDefaultGbps, true
			}
			t.inter = hop{kind: linkRDMA, bw: gbps / 8 * 1e9 * ibEff / float64(t.perNode), lat: hopNetUS * 1e-6}
		} else {
			if gbps <= 0 {
				gbps, t.nicAssumed = tcpDefaultGbps, true
			}
			t.inter = hop{kind: linkTCP, bw: gbps / 8 * 1e9 / float64(t.perNode), lat: hopNetUS * 1e-6}
		}
		t.nodeGbps = gbps
	}
	return t
}

// within is the same network restricted to one node (tensor parallelism
// inside a node).
func (t topo) within(perNode int) topo {
	t.perNode, t.nodes = max(perNode, 1), 1
	return t
}

// ring is the time of a ring collective with steps(n) = k(n-1) ring steps
// and volume factor k(n-1)/n: k = 2 for an all-reduce, 1 for an all-gather,
// a reduce-scatter or an all-to-all. Across nodes the collective is
// hierarchical: inside each node, then each GPU's 1/perNode share between
// nodes over its share of the NICs.
func (t *topo) ring(s float64, k float64) float64 {
	g, m := float64(t.perNode), float64(t.nodes)
	if g*m <= 1 || s <= 0 {
		return 0
	}
	sec := ncclBaseUS * 1e-6
	if g > 1 && t.intra.bw > 0 {
		sec += k*(g-1)*t.intra.lat + k*(g-1)/g*s/t.intra.bw
	}
	if m > 1 && t.inter.bw > 0 {
		sec += k*(m-1)*t.inter.lat + k*(m-1)/m*(s/g)/t.inter.bw
	}
	return sec
}

// allReduce is the time of an all-reduce of s bytes held by every GPU.
func (t *topo) allReduce(s float64) float64 { return t.ring(s, 2) }

// allGather is the time to gather s bytes in all (each GPU holding s/n);
// a reduce-scatter costs the same.
func (t *topo) allGather(s float64) float64 { return t.ring(s, 1) }

// allToAll is the time of an all-to-all in which each GPU sends s bytes
// spread evenly over all GPUs: the share for other nodes leaves over the
// GPU's share of the NICs while the share for its own node crosses the
// intra-node link; one send per peer.
func (t *topo) allToAll(s float64) float64 {
	g, m := float64(t.perNode), float64(t.nodes)
	if g*m <= 1 || s <= 0 {
		return 0
	}
	lat := ncclBaseUS*1e-6 + (g-1)*t.intra.lat + (m-1)*t.inter.lat
	var in, out float64
	if g > 1 && t.intra.bw > 0 {
		in = s * (g - 1) / (g * m) / t.intra.bw
	}
	if m > 1 && t.inter.bw > 0 {
		out = s * (m - 1) / m / t.inter.bw
	}
	return lat + math.Max(in, out)
}

// sendNext is the time to pass s bytes (a stage's activations, split over
// its perNode GPUs) to the next node of a pipeline.
func (t *topo) sendNext(s float64) float64 {
	if t.nodes <= 1 || s <= 0 || t.inter.bw <= 0 {
		return 0
	}
	return ncclBaseUS*1e-6 + t.inter.lat + s/float64(t.perNode)/t.inter.bw
}
