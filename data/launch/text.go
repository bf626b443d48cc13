package launch

import "github.com/gpupick/gpupick/model/text"

// msg names one text of the exporters' messages.
type msg int

// The texts of UnsupportedError.
const (
	mNoChoice msg = iota
	mNoGPUName
	mNoProvider
	mCannotReach
	mGpuhuntDrops
	mGpuhuntSpotOnly
	mSkyGCPHost
	mVastNoCity
	mRunpodNoDatacenter
	mSkyRunPodCloud
	mNoMultiNode
	mNoClusterNetwork
	mNoVolumeNeeded
	mNoVolumeBackend
	mNoVolumeNodes
	mOverlayOffer

	msgCount
)

// texts holds the exporters' messages in English and Chinese
// (TestTextsBothLanguages checks it with text.Check).
var texts = text.Table[msg]{
	mNoChoice: {
		"the record has no chosen offer (nothing fitted), so there is nothing to launch; run gpupick recommend to find one that fits",
		"记录中没有选定的方案(没有合适的报价),无法导出启动配置;请先用 gpupick recommend 找到合适的报价",
	},
	mNoGPUName: {
		"%[1]s has no name for the GPU %[2]q (or the record does not name the GPU), so no config is written rather than a broken one; pick the GPU in %[1]s by hand",
		"%[1]s 不认识 GPU %[2]q(或记录没有写明 GPU 型号),不导出会出错的文件;请在 %[1]s 中手动选择 GPU",
	},
	mNoProvider: {
		"%[1]s does not support the provider %[2]q, so no config is written rather than a broken one; providers %[1]s supports: %[3]s",
		"%[1]s 不支持云服务商 %[2]q,不导出会出错的文件;%[1]s 支持的服务商:%[3]s",
	},
	mCannotReach: {
		"%[1]s cannot launch the offer as chosen: %[2]s; so no config is written rather than one that launches something else",
		"%[1]s 无法按所选方案启动:%[2]s;不导出会启动别的机器的文件",
	},
	mGpuhuntDrops: {
		"dstack's catalog (gpuhunt) does not list the instance type %q, so dstack never offers it",
		"dstack 的目录(gpuhunt)不收录实例类型 %q,dstack 从不提供它",
	},
	mGpuhuntSpotOnly: {
		"dstack's catalog (gpuhunt) lists the instance type %q only as spot (GCP sells it on demand only through reservations or calendar mode)",
		"dstack 的目录(gpuhunt)只把实例类型 %q 列为竞价实例(GCP 仅通过预留或日历模式按需出售)",
	},
	mSkyGCPHost: {
		"SkyPilot pairs no accelerator with the GCP machine type %q (its GCP catalog attaches GPUs to a2/a3/a4/g2 types it lists and to N1 only)",
		"SkyPilot 不给 GCP 机型 %q 配加速器(它只给所列的 a2/a3/a4/g2 机型和 N1 机型配 GPU)",
	},
	mSkyRunPodCloud: {
		"the RunPod offer %q is not a Secure Cloud pod, and SkyPilot's RunPod catalog lists Secure Cloud pods only, so SkyPilot would launch a different, dearer pod; use dstack, or pick a Secure Cloud offer",
		"RunPod 报价 %q 不是 Secure Cloud 实例,而 SkyPilot 的 RunPod 目录只收录 Secure Cloud 实例,SkyPilot 会启动另一个更贵的实例;请改用 dstack,或选择 Secure Cloud 报价",
	},
	mVastNoCity: {
		"the Vast location %q has no city, and dstack names Vast locations country-city (gpuhunt's get_location)",
		"Vast 位置 %q 没有城市,而 dstack 用“国家-城市”命名 Vast 位置(gpuhunt 的 get_location)",
	},
	mRunpodNoDatacenter: {
		"the RunPod region %q has no Secure Cloud datacenter in SkyPilot's RunPod catalog, and dstack reaches Secure Cloud pods only by datacenter",
		"RunPod 区域 %q 在 SkyPilot 的 RunPod 目录中没有 Secure Cloud 数据中心,而 dstack 只能按数据中心找到 Secure Cloud 实例",
	},
	mNoMultiNode: {
		"it cannot run %s nodes as one job on this provider",
		"它不能在该云服务商上把 %s 个节点作为一个作业运行",
	},
	mNoClusterNetwork: {
		"it cannot request the cluster network (RDMA) the plan's %s nodes need on this provider and offer, so the nodes would talk over the plain network the plan did not assume",
		"它不能在该云服务商和机型上申请计划中 %s 个节点所需的集群网络(RDMA),节点只能走计划未假设的普通网络",
	},
	mNoVolumeNeeded: {
		"the run keeps nothing on a persistent mount, so it needs no dstack volume (backend %s); export the task alone",
		"该运行不在持久挂载点上保存任何内容,因此不需要 dstack 卷(后端 %s);只导出任务即可",
	},
	mNoVolumeBackend: {
		"dstack has network volumes only on the aws, gcp and runpod backends, not on %s: the run keeps its checkpoints or data on the instance's disk (its file's header says so)",
		"dstack 只在 aws、gcp 和 runpod 后端提供网络卷,%s 上没有:该运行把检查点或数据保存在实例磁盘上(配置文件的头部注释有说明)",
	},
	mNoVolumeNodes: {
		"a dstack network volume attaches to one instance, and this run spans several nodes on %s: each node keeps its checkpoints on its own disk (its file's header says so)",
		"dstack 网络卷只能挂到一台实例上,而该运行在 %s 上跨多个节点:每个节点把检查点保存在自己的磁盘上(配置文件的头部注释有说明)",
	},
	mOverlayOffer: {
		"the instance type %q comes from your catalog overlay (an [[offer]] of your own), and the launcher's catalog lists only the provider's public instance types (launch it with the provider's own tools)",
		"实例类型 %q 来自你的目录覆盖文件(你自己添加的 [[offer]]),而启动工具的目录只收录云服务商公开的实例类型(请用云服务商自己的工具启动)",
	},
}
