package data

// The Chinese words of the published data the importers read: the only
// place in data's code that holds Chinese (a test in model/text allows
// this file and no other).

// cnTencentECM is Tencent's edge product as cn_gpu_offers.csv names it.
const cnTencentECM = "Tencent Cloud ECM (边缘计算机器)"

// zheDiscount is 折, the Chinese discount unit (88折 = 0.88 of the list
// price), as Tencent's duration discount table writes it.
const zheDiscount = "折"

// Tencent names a zone in Chinese by its city, a Chinese numeral and 区
// ("zone"): 上海四区 is Shanghai zone 4 (ap-shanghai-4). The zone strings
// of cn_gpu_offers.csv list a city's zones as 广州三区/四区 (two zones).
const (
	tencentZoneNumerals = "一二三四五六七八九十"
	tencentZoneWord     = "区"
	// tencentZoneExample and tencentZoneNumberExample are shown in the
	// errors on a zone string that is not one.
	tencentZoneExample       = "上海四区 or 广州三区/四区"
	tencentZoneNumberExample = "四区"
)
