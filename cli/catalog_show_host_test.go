package cli

import (
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gpupick/gpupick/model"
)

// TestShowVastHostFacts: every fact the Vast fixture lists about a host
// (data/testdata/live/vast_bundles.json, offer 21348645) reaches `catalog
// show` after `catalog update --source vast`, worded in English and in
// Chinese, and its JSON as typed fields (host) and the English texts the
// JSON always had, though offers.tsv keeps them as numbers (issue 24).
func TestShowVastHostFacts(t *testing.T) {
	isolate(t)
	t.Setenv("COLUMNS", "1000") // the words, not the layout (TestProseFitsTheWidth)
	var fail atomic.Bool
	serveLive(t, &fail)
	if code, out, errs := runCLI(t, "catalog", "update", "--source", "vast", "--allow-shrink"); code != 0 {
		t.Fatalf("catalog update --source vast: exit %d\n%s%s", code, out, errs)
	}
	const typ = "1x-RTX_4090-m37228-o21348645"
	// The fixture's fields: id 21348645, host_id 98979, machine_id 37228,
	// gpu_name "RTX 4090", reliability2 0.9964528, verification verified,
	// hosting_type 0, duration 3149474.36 s (36.45 days), inet_down 910.7,
	// inet_up 850.2, disk_space 512.5, storage_cost 0.15, min_bid 0.2.
	want := map[string][]string{
		"en": {"Vast offer 21348645, host 98979, machine 37228", "listed as RTX 4090", "reliability 99.6%", "verified",
			"consumer-hosted", "max rental 36.5 days", "internet 911 Mb/s down, 850 Mb/s up", "512 GB host disk available",
			"storage billed on top: $0.15/GB/month", "min bid $0.2/h"},
		"zh": {"Vast 报价 21348645，主机 98979，机器 37228", "挂牌名 RTX 4090", "可靠性 99.6%", "已验证",
			"个人主机", "最长租期 36.5 天", "公网下行 911 Mb/s，上行 850 Mb/s", "主机可用磁盘 512 GB",
			"存储另计：所分配磁盘 $0.15/GB/月", "最低出价 $0.2/小时"},
	}
	for lang, phrases := range want {
		code, out, errs := runCLI(t, "catalog", "show", typ, "--provider", "vast", "--lang", lang)
		if code != 0 {
			t.Fatalf("show --lang %s: exit %d\n%s", lang, code, errs)
		}
		for _, p := range phrases {
			if !strings.Contains(out, p) {
				t.Errorf("show --lang %s lacks %q:\n%s", lang, p, out)
			}
		}
		code, out, errs = runCLI(t, "catalog", "show", typ, "--provider", "vast", "--lang", lang, "--format", "json")
		if code != 0 {
			t.Fatalf("show --format json --lang %s: exit %d\n%s", lang, code, errs)
		}
		var got []struct {
			InterNodeNetwork string            `json:"inter_node_network"`
			LocalNVMe        string            `json:"local_nvme"`
			PriceNote        string            `json:"price_note"`
			Notes            string            `json:"notes"`
			Host             *model.MarketHost `json:"host"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 1 || got[0].Host == nil {
			t.Fatalf("show --format json --lang %s: %v\n%s", lang, err, out)
		}
		h := *got[0].Host
		wantHost := model.MarketHost{OfferID: 21348645, HostID: 98979, MachineID: 37228, ListedAs: "RTX 4090",
			Verification: model.HostVerified, Reliability: 0.9964528, MaxRentalDays: 3149474.36 / 86400,
			InetDownMbps: 910.7, InetUpMbps: 850.2, DiskGB: 512.5, StorageUSDPerGBMonth: 0.15, Datacenter: model.No}
		if h != wantHost {
			t.Errorf("JSON host %+v, want %+v", h, wantHost)
		}
		text := strings.Join([]string{got[0].Notes, got[0].InterNodeNetwork, got[0].LocalNVMe, got[0].PriceNote}, "\n")
		for _, p := range want["en"] {
			if !strings.Contains(text, p) {
				t.Errorf("JSON (--lang %s) texts lack %q:\n%s", lang, p, text)
			}
		}
	}
}
