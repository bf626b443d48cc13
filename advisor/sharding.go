package advisor

// shardChoice picks the sharding stage of a training run among the
// stages that hold it on the same number of nodes (the fewest that hold
// it): the first, in the plan's order of least communication (none,
// ZeRO-1, ZeRO-2, ZeRO-3), that keeps the headroom margin; when none
// keeps it, the one that leaves the most headroom, the likeliest to run
// without running out of memory. Sharding more trades communication for
// memory: a stage that leaves 8% of the GPU spare is not worth the
// all-gathers it saves over one that leaves half of it.
type shardChoice struct {
	z      string
	head   float64 // headroom (share of the GPU's memory) under z
	keeps  bool    // head keeps the margin
	margin float64
}

// consider offers stage z with headroom head; stages come in the plan's
// order.
func (sc *shardChoice) consider(z string, head float64) {
	keeps := head >= sc.margin
	switch {
	case sc.z == "":
	case sc.keeps:
		return // an earlier stage keeps the margin with less communication
	case keeps:
	case head <= sc.head:
		return
	}
	sc.z, sc.head, sc.keeps = z, head, keeps
}
