package data

// The Chinese words of the published data the importers read: the only
// place in data's code that holds Chinese (a test in model/text allows
// this file and no other).

// cnTencentECM is Tencent's edge product as cn_gpu_offers.csv names it.
const cnTencentECM = "Tencent Cloud ECM (边缘计算机器)"

// zheDiscount is 折, the Chinese discount unit (88折 = 0.88 of the list
// price), as Tencent's duration discount table writes it.
const zheDiscount = "折"
