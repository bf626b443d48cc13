package launch

import (
	"embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/gpupick/gpupick/internal/lazy"
)

// nameFiles are the launchers' names as data, each file citing its
// source in its # lines (names/*.tsv).
//
//go:embed names/*.tsv
var nameFiles embed.FS

// dstackName is dstack's name of a gpupick GPU and the memory of one GPU
// in GB, as gpuhunt lists them.
type dstackName struct {
	Name     string
	MemoryGB int
}

// keepRule is one row of gpuhunt_keep.tsv.
type keepRule struct {
	backend  string
	pattern  *regexp.Regexp
	spotOnly bool
}

// skyHost is the accelerator SkyPilot pairs with a GCP machine type.
type skyHost struct {
	accel string
	count int
}

// nameTables are the tables read from names/*.tsv.
type nameTables struct {
	providers   map[string]providerName
	dstackGPUs  map[string]dstackName
	runpodDCs   map[string][]string
	gpuhuntKeep []keepRule
	skyGCPHosts map[string]skyHost
}

// tables reads names/*.tsv once, when a launcher first needs them, not
// when the program starts (issue 26: a recommend or --help never does);
// the error says what is wrong with them (a test keeps it nil; the
// exporters return it). The tables are never nil, empty past an error.
func tables() (*nameTables, error) {
	l := loaded.Get()
	return l.t, l.err
}

// loaded is what loadTables returned, made on the first call of tables.
var loaded = lazy.Value[tablesLoad]{New: func() (l tablesLoad) {
	l.t, l.err = loadTables()
	return l
}}

// tablesLoad is the tables loadTables read, and its error.
type tablesLoad struct {
	t   *nameTables
	err error
}

// names are the tables of names/*.tsv (tables, its error left to the
// exporters, checkChoice).
func names() *nameTables {
	t, _ := tables()
	return t
}

// readTable reads names/<file>: # lines are comments, the first other line
// is the header, which must be cols; every row has len(cols) fields.
func readTable(file string, cols ...string) ([][]string, error) {
	b, err := nameFiles.ReadFile("names/" + file)
	if err != nil {
		return nil, fmt.Errorf("launch names: %w", err)
	}
	var rows [][]string
	head := false
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if !head {
			if strings.Join(f, "\t") != strings.Join(cols, "\t") {
				return nil, fmt.Errorf("launch names: %s: header %q, want %q", file, f, cols)
			}
			head = true
			continue
		}
		if len(f) != len(cols) {
			return nil, fmt.Errorf("launch names: %s line %d: %d fields, want %d (%s)", file, i+1, len(f), len(cols), strings.Join(cols, ", "))
		}
		rows = append(rows, f)
	}
	return rows, nil
}

// yesNo reads a yes/no field.
func yesNo(file, s string) (bool, error) {
	switch s {
	case "yes":
		return true, nil
	case "no":
		return false, nil
	}
	return false, fmt.Errorf("launch names: %s: %q is not yes or no", file, s)
}

// dash reads a name where "-" means none.
func dash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

// loadTables reads the tables from names/*.tsv.
func loadTables() (*nameTables, error) {
	t := &nameTables{}
	if err := t.load(); err != nil {
		return &nameTables{}, err
	}
	return t, nil
}

// load fills t from names/*.tsv.
func (t *nameTables) load() error {
	rows, err := readTable("providers.tsv", "provider", "skypilot", "dstack", "dstack_pin", "sky_nodes", "sky_network", "dstack_nodes", "sky_docker", "sky_ports", "sky_autostop")
	if err != nil {
		return err
	}
	t.providers = map[string]providerName{}
	for _, r := range rows {
		p := providerName{Sky: dash(r[1]), DStack: dash(r[2]), SkyNetwork: dash(r[5]), SkyAutostop: dash(r[9])}
		if a := p.SkyAutostop; a != "" && a != skyAutodown && a != skyAutostopOnly {
			return fmt.Errorf("launch names: providers.tsv: %s: sky_autostop %q is not down, stop or -", r[0], a)
		}
		for i, dst := range []*bool{&p.DStackInstances, &p.SkyNodes, &p.DStackNodes, &p.SkyDocker, &p.SkyPorts} {
			if *dst, err = yesNo("providers.tsv", r[[]int{3, 4, 6, 7, 8}[i]]); err != nil {
				return err
			}
		}
		t.providers[r[0]] = p
	}
	if rows, err = readTable("dstack_gpus.tsv", "gpu", "dstack", "memory_gb"); err != nil {
		return err
	}
	t.dstackGPUs = map[string]dstackName{}
	for _, r := range rows {
		mem, err := strconv.Atoi(r[2])
		if err != nil || mem <= 0 {
			return fmt.Errorf("launch names: dstack_gpus.tsv: %s: memory %q is not a whole number of GB", r[0], r[2])
		}
		t.dstackGPUs[r[0]] = dstackName{Name: r[1], MemoryGB: mem}
	}
	if rows, err = readTable("runpod_datacenters.tsv", "country", "datacenter"); err != nil {
		return err
	}
	t.runpodDCs = map[string][]string{}
	for _, r := range rows {
		t.runpodDCs[r[0]] = append(t.runpodDCs[r[0]], r[1])
	}
	if rows, err = readTable("gpuhunt_keep.tsv", "backend", "pattern", "offers"); err != nil {
		return err
	}
	t.gpuhuntKeep = nil
	for _, r := range rows {
		re, err := regexp.Compile(r[1])
		if err != nil {
			return fmt.Errorf("launch names: gpuhunt_keep.tsv: %w", err)
		}
		if r[2] != "both" && r[2] != "spot" {
			return fmt.Errorf("launch names: gpuhunt_keep.tsv: offers %q is not both or spot", r[2])
		}
		t.gpuhuntKeep = append(t.gpuhuntKeep, keepRule{backend: r[0], pattern: re, spotOnly: r[2] == "spot"})
	}
	if rows, err = readTable("skypilot_gcp_hosts.tsv", "accelerator", "count", "instance_type"); err != nil {
		return err
	}
	t.skyGCPHosts = map[string]skyHost{}
	for _, r := range rows {
		n, err := strconv.Atoi(r[1])
		if err != nil || n <= 0 {
			return fmt.Errorf("launch names: skypilot_gcp_hosts.tsv: %s: count %q", r[2], r[1])
		}
		t.skyGCPHosts[r[2]] = skyHost{accel: r[0], count: n}
	}
	return nil
}
