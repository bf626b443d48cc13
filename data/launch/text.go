package launch

import "github.com/gpupick/gpupick/model/text"

// msg names one text of the exporters' messages.
type msg int

// The texts of UnsupportedError.
const (
	mNoChoice msg = iota
	mNoGPUName
	mNoProvider

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
}
