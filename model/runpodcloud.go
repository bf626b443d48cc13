package model

// RunPod's clouds as the last part of a RunPod instance name
// ("<count>x_<GPU>_<cloud>", the form of SkyPilot's RunPod catalog,
// fetch_runpod.py): SECURE and COMMUNITY are RunPod's cloudType values
// (what SkyPilot's provisioner passes on from the name), CLUSTER is
// gpupick's for an Instant Cluster (gpuhunt's runpod-cluster rows).
// SkyPilot's catalog lists Secure Cloud pods only.
const (
	RunPodSecure    = "SECURE"
	RunPodCommunity = "COMMUNITY"
	RunPodCluster   = "CLUSTER"
)
